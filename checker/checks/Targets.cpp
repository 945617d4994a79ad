#include "checks/Targets.h"

#include <array>

namespace wavecheck {

namespace {
/// The table's entries as profiles, in the table's order (index I is
/// wavecommon::Targets[I]).
constexpr std::array<TargetProfile, wavecommon::NumTargets> makeProfiles() {
  std::array<TargetProfile, wavecommon::NumTargets> P{};
  for (size_t I = 0; I < wavecommon::NumTargets; ++I) {
    const wavecommon::Target &T = wavecommon::Targets[I];
    P[I] = {T.Name, T.Product, T.WaveSize, T.Fp8, T.NumXcds};
  }
  return P;
}
constexpr std::array<TargetProfile, wavecommon::NumTargets> Profiles = makeProfiles();
} // namespace

llvm::ArrayRef<TargetProfile> allTargets() { return Profiles; }

const TargetProfile *findTarget(llvm::StringRef Arch) {
  const wavecommon::Target *T = wavecommon::findTarget(std::string_view(Arch));
  return T ? &Profiles[T - wavecommon::Targets] : nullptr;
}

} // namespace wavecheck
