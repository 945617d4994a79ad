//===--- wave_compare.cpp - compareWaveSizes (wave-size-divergence) --------===//
///
/// \file
/// Runs a launch at wave 32 and at wave 64 from the same buffer contents and
/// reports `wave-size-divergence` when the results differ (wave_compare.h).
///
//===----------------------------------------------------------------------===//
#include "wavesan/wave_compare.h"

#include "wavesan/options.h"
#include "wavesan/report.h"

#include "emu/wave_diff.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace wavesan {

namespace detail {
extern thread_local bool ExplicitWaveCompare; // launch_compare.cpp
} // namespace detail

namespace {

std::vector<unsigned char> snapshot(const DeviceBuffer &B) {
  std::vector<unsigned char> Bytes(B.Bytes);
  if (B.Bytes)
    std::memcpy(Bytes.data(), B.Ptr, B.Bytes);
  return Bytes;
}

} // namespace

bool compareWaveSizes(const char *What, const std::function<void()> &Launch,
                      std::initializer_list<DeviceBuffer> Buffers, std::source_location Loc) {
  const unsigned Previous = options().wave_size;
  std::vector<std::vector<unsigned char>> Initial, At32;
  for (const DeviceBuffer &B : Buffers)
    Initial.push_back(snapshot(B));

  struct Explicit { // launches inside are not compared again (compare_wave_sizes)
    bool Saved = detail::ExplicitWaveCompare;
    Explicit() { detail::ExplicitWaveCompare = true; }
    ~Explicit() { detail::ExplicitWaveCompare = Saved; }
  } Guard;
  setWaveSize(32);
  Launch();
  for (const DeviceBuffer &B : Buffers)
    At32.push_back(snapshot(B));
  size_t Index = 0;
  for (const DeviceBuffer &B : Buffers) {
    if (B.Bytes)
      std::memcpy(B.Ptr, Initial[Index].data(), B.Bytes);
    ++Index;
  }
  setWaveSize(64);
  Launch();
  setWaveSize(Previous);

  bool Same = true;
  Index = 0;
  for (const DeviceBuffer &B : Buffers) {
    const std::vector<unsigned char> At64 = snapshot(B);
    const std::optional<detail::BufferDiff> D =
        detail::diffBuffers(At32[Index].data(), At64.data(), B.Bytes, B.Element, 0);
    if (D) {
      Same = false;
      ReportLocation W;
      W.File = Loc.file_name();
      W.Line = Loc.line();
      W.Function = Loc.function_name();
      W.Kernel = What;
      W.Scope = ReportScope::Launch;
      report(ReportKind::WaveSizeDivergence, W,
             std::string(What ? What : "the launch") + " gives different results at wave 32 " +
                 "and wave 64: buffer " + std::to_string(Index) + " (" +
                 elementTypeName(B.Element.Type) + ", " + std::to_string(B.Bytes) +
                 " bytes): " + std::to_string(D->Differing) + " of " +
                 std::to_string(D->Elements) + " elements differ: " + D->Shown +
                 "; a kernel right on 32-lane warps and wrong on 64-lane wavefronts is a "
                 "port bug");
    }
    ++Index;
  }
  return Same;
}

} // namespace wavesan
