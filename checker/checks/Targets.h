//===--- Targets.h - GPU target profiles for the wavecheck checks ----------===//
///
/// \file
/// A target profile gives what the checks need to know of an offload
/// architecture: wavefront size, the FP8 format its hardware computes in and its
/// XCD count. Checks read the profile and stay silent where a rule does not
/// apply (no wave64 findings for a wave32 target); which target a check has is
/// WaveCheck's (checks/WaveCheck.h). The figures and the lookup
/// are the project's one target table, <wavecommon/targets.h>; this header
/// gives them LLVM's string type for diagnostics.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_TARGETS_H
#define WAVECHECK_CHECKS_TARGETS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <wavecommon/targets.h>

namespace wavecheck {

/// FP8 encoding family the hardware computes in (docs/hardware.md, "FP8 formats").
using Fp8Format = wavecommon::Fp8Format;

struct TargetProfile {
  llvm::StringRef Name;    ///< Offload architecture, e.g. "gfx942".
  llvm::StringRef Product; ///< Marketing name, for messages.
  unsigned WaveSize;       ///< Lanes per wavefront: 64 (gfx9) or 32 (gfx10+).
  Fp8Format Fp8;           ///< FP8 format of the matrix/convert instructions.
  unsigned NumXcds;        ///< XCDs fed round-robin in SPX mode; 1 = monolithic.
};

/// Every known profile, in the order of wavecommon::Targets.
llvm::ArrayRef<TargetProfile> allTargets();

/// The profile named \p Arch (a feature suffix such as ":xnack+" is ignored);
/// nullptr when unknown. The lookup is wavecommon::findTarget.
const TargetProfile *findTarget(llvm::StringRef Arch);

/// The architecture wavecheck assumes when none is given: MI300X.
inline constexpr llvm::StringRef DefaultArch = wavecommon::DefaultArch;

} // namespace wavecheck

#endif
