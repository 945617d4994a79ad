#include "checks/Targets.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/TargetInfo.h"

namespace wavecheck {

static const TargetProfile Profiles[] = {
#define WAVECHECK_TARGET(NAME, PRODUCT, WAVE, FP8, XCDS)                       \
  {#NAME, PRODUCT, WAVE, Fp8Format::FP8, XCDS},
#include "checks/Targets.def"
};

llvm::ArrayRef<TargetProfile> allTargets() { return Profiles; }

const TargetProfile *findTarget(llvm::StringRef Arch) {
  Arch = Arch.split(':').first;
  for (const TargetProfile &P : Profiles)
    if (P.Name == Arch)
      return &P;
  return nullptr;
}

static llvm::StringRef archFromTarget(const clang::TargetInfo *TI) {
  if (!TI || !TI->getTriple().isAMDGCN())
    return {};
  return TI->getTargetOpts().CPU;
}

const TargetProfile &resolveTarget(llvm::StringRef OptionArch,
                                   const clang::ASTContext &Ctx) {
  llvm::StringRef Arch = OptionArch;
  if (Arch.empty())
    Arch = archFromTarget(&Ctx.getTargetInfo());
  if (Arch.empty())
    Arch = archFromTarget(Ctx.getAuxTargetInfo());
  if (const TargetProfile *P = findTarget(Arch))
    return *P;
  return *findTarget(DefaultArch);
}

} // namespace wavecheck
