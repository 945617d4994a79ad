//===--- XcdTileOrderCheck.h - xcd-tile-order ------------------------------===//
///
/// \file
/// Flags kernels that map their linear workgroup id (`blockIdx.x`, or
/// `blockIdx.y * gridDim.x + blockIdx.x`) straight onto 2-D output tiles,
/// row-major or in GROUP_M groups, and read operand panels by those tile
/// coordinates, without the XCD remap, on targets whose XCDs are fed
/// round-robin (gfx942, gfx950: NumXcds > 1 in the target profile).
/// Neighbouring tiles then run on different XCDs and fetch the panels they
/// share into separate L2 caches. A warning with notes giving the remap's
/// arithmetic, and that the gain must be measured.
///
/// Ids are followed into helpers (functions, lambdas, member functions) and
/// out of the structs they return. A template kernel whose remap is chosen
/// by a template argument (a trait, `if constexpr`) is judged per
/// instantiation, and reported (without fix-it) for the first that leaves
/// the remap off.
///
/// Silent where a remap is applied (a call or macro named remap/xcd, a helper
/// whose body holds the arithmetic, the arithmetic inline, chunked variants),
/// for 1-D streaming kernels, for 2-D grids that use blockIdx.x/.y directly
/// as tile coordinates, and for targets without XCDs. The analysis is in
/// TileOrderFlow.h.
///
/// Fix-it: wraps the raw id as `remap_pid_for_xcds(id, num_workgroups)` and
/// includes `<wavecheck/xcd_remap.h>` (option RemapStyle `header`, the
/// default), or spells the remap's arithmetic inline (`inline`). No fix-it when
/// a remap of the id is computed but unused.
///
/// For the user-facing documentation see rules/xcd-tile-order.md.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_XCDTILEORDERCHECK_H
#define WAVECHECK_CHECKS_XCDTILEORDERCHECK_H

#include "checks/WaveCheck.h"

#include <vector>

namespace wavecheck {

struct TileMapping;

class XcdTileOrderCheck : public WaveCheck {
public:
  /// How the fix-it spells the remap (check option `RemapStyle`).
  enum class RemapStyle {
    Header, ///< `remap_pid_for_xcds(id, n)` from <wavecheck/xcd_remap.h>
    Inline  ///< the remap's arithmetic written out
  };

  /// Where the main file's `#include` lines are, for the header fix-it;
  /// filled by the preprocessor callbacks of the translation unit.
  struct IncludeState {
    bool HasRemapHeader = false; ///< <wavecheck/xcd_remap.h> already included
    /// End of each #include's file name, with its #if nesting, in order.
    std::vector<std::pair<clang::SourceLocation, int>> Directives;
    int Depth = 0; ///< current #if nesting in the main file
    /// The include is offered once per translation unit, with the first
    /// fix-it: identical insertions from two findings would both be applied.
    bool IncludeOffered = false;
  };

  XcdTileOrderCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const clang::SourceManager &SM, clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  std::optional<clang::TraversalKind> getCheckTraversalKind() const override {
    return clang::TK_IgnoreUnlessSpelledInSource;
  }

private:
  /// \p Instantiation: the template instantiation the mapping was found in
  /// when its pattern has none (the remap is chosen by a template argument);
  /// \p PatternRemaps: the remaps its pattern writes. No fix-it then.
  void report(const TileMapping &M, const TargetProfile &T,
              const clang::ast_matchers::MatchFinder::MatchResult &R,
              const clang::FunctionDecl *Instantiation,
              llvm::ArrayRef<const clang::Expr *> PatternRemaps);

  const RemapStyle Style;        ///< option RemapStyle, default Header
  IncludeState Includes;
};

} // namespace wavecheck

namespace clang::tidy {
template <> struct OptionEnumMapping<wavecheck::XcdTileOrderCheck::RemapStyle> {
  static llvm::ArrayRef<std::pair<wavecheck::XcdTileOrderCheck::RemapStyle, llvm::StringRef>>
  getEnumMapping();
};
} // namespace clang::tidy

#endif
