//===--- WaveCheck.h - what every wavecheck check shares -------------------===//
///
/// \file
/// WaveCheck is the base of the wavecheck checks. It owns the one way a check
/// learns its target: the global check option `OffloadArch`, which the
/// wavecheck driver sets for each pass (one offload architecture per pass);
/// without it (a plain clang-tidy run with the plugin) the target comes from
/// the AST (the device target in a device pass, the auxiliary target in a host
/// pass), else the default, MI300X (gfx942). It also owns the option
/// `ConstantWaveSize` that the warp-size checks share: the text a fix-it
/// writes where a constant wave size is required, by default the target's wave
/// size as a literal (rules/wave64-hardcoded-warp-size.md,
/// rules/wave64-warp-size-detection.md).
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_WAVECHECK_H
#define WAVECHECK_CHECKS_WAVECHECK_H

#include "checks/Targets.h"
#include "clang-tidy/ClangTidyCheck.h"
#include <string>

namespace wavecheck {

/// The global check option through which the driver gives each pass its
/// offload architecture (e.g. "gfx942").
inline constexpr llvm::StringLiteral OffloadArchOption = "OffloadArch";

class WaveCheck : public clang::tidy::ClangTidyCheck {
public:
  /// Whether the check reads and writes the `ConstantWaveSize` option.
  enum class WaveSizeOption { Unused, Used };

  WaveCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context,
            WaveSizeOption UsesWaveSize = WaveSizeOption::Unused);

  /// Writes `ConstantWaveSize` back for the checks that use it (the
  /// `OffloadArch` option belongs to the driver and is not written back).
  /// Checks with options of their own call this from their override.
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  /// The target of this pass: the `OffloadArch` option, else \p Ctx's
  /// target (none when \p Ctx is null), else DefaultArch. Unknown names give
  /// DefaultArch's profile.
  const TargetProfile &target(const clang::ASTContext *Ctx) const;
  const TargetProfile &target(const clang::ASTContext &Ctx) const { return target(&Ctx); }

  /// The text a fix-it writes for the wave size where a constant is
  /// required: the `ConstantWaveSize` option, or \p T's wave size.
  std::string constantWaveSize(const TargetProfile &T) const;
  /// Whether the user set `ConstantWaveSize` (a fix-it that would write a
  /// literal into a static_assert is left out when not).
  bool hasConstantWaveSize() const { return !ConstantWaveSize.empty(); }

private:
  const std::string OffloadArch;      ///< global option set per pass by the driver
  const WaveSizeOption UsesWaveSize;
  const std::string ConstantWaveSize; ///< empty: the target's wave size
};

} // namespace wavecheck

#endif
