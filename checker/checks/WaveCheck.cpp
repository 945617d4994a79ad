//===--- WaveCheck.cpp - the target and shared options of a check ----------===//
#include "checks/WaveCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/TargetInfo.h"

namespace wavecheck {

WaveCheck::WaveCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context,
                     WaveSizeOption UsesWaveSize)
    : ClangTidyCheck(Name, Context),
      OffloadArch(Options.getLocalOrGlobal(OffloadArchOption, "")), UsesWaveSize(UsesWaveSize),
      ConstantWaveSize(UsesWaveSize == WaveSizeOption::Used ? Options.get("ConstantWaveSize", "")
                                                            : "") {}

void WaveCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  if (UsesWaveSize == WaveSizeOption::Used)
    Options.store(Opts, "ConstantWaveSize", ConstantWaveSize);
}

namespace {
/// The offload architecture of \p TI when it is an AMDGPU target, else "".
llvm::StringRef archOf(const clang::TargetInfo *TI) {
  if (!TI || !TI->getTriple().isAMDGCN())
    return {};
  return TI->getTargetOpts().CPU;
}
} // namespace

const TargetProfile &WaveCheck::target(const clang::ASTContext *Ctx) const {
  llvm::StringRef Arch = OffloadArch;
  if (Arch.empty() && Ctx)
    Arch = archOf(&Ctx->getTargetInfo());
  if (Arch.empty() && Ctx)
    Arch = archOf(Ctx->getAuxTargetInfo());
  if (const TargetProfile *P = findTarget(Arch))
    return *P;
  return *findTarget(DefaultArch);
}

std::string WaveCheck::constantWaveSize(const TargetProfile &T) const {
  return ConstantWaveSize.empty() ? std::to_string(T.WaveSize) : ConstantWaveSize;
}

} // namespace wavecheck
