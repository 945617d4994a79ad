//===--- WavecheckModule.cpp - the wavecheck clang-tidy module -------------===//
///
/// \file
/// Maps every check class of Checks.def to its stable name. The same object
/// file is linked into the wavecheck binary and into libwavecheck-tidy.so, the
/// plugin for `clang-tidy-22 --load`.
///
//===----------------------------------------------------------------------===//
#include "clang-tidy/ClangTidyModule.h"
#include "checks/HardcodedWarpSizeCheck.h"
#include "checks/LaneMaskWidthCheck.h"
#include "checks/PartialReductionCheck.h"
#include "checks/Fp8FormatTargetMismatchCheck.h"
#include "checks/WarpSizeDetectionCheck.h"
#include "checks/XcdTileOrderCheck.h"

namespace wavecheck {

class WavecheckModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &F) override {
#define WAVECHECK_CHECK(NAME, CLASS, HEADER, SUMMARY, TIERS)                          \
  F.registerCheck<CLASS>(NAME);
#include "checks/Checks.def"
  }
};

} // namespace wavecheck

static clang::tidy::ClangTidyModuleRegistry::Add<wavecheck::WavecheckModule>
    X("wavecheck-module", "Checks for HIP code ported from CUDA to wave64 GPUs.");
