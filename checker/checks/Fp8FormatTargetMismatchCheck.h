//===--- Fp8FormatTargetMismatchCheck.h - fp8-format-target-mismatch ---===//
///
/// \file
/// Flags FP8 of the format the target does not compute in: OCP FP8 on a
/// target whose hardware computes FNUZ (gfx942), FNUZ on one that computes
/// OCP (gfx950, gfx12). The format comes from the target profile, never from
/// the HIP header's HIP_FP8_TYPE_* macros (both are 1 in the host pass).
///  - HIP types (`__hip_fp8_e4m3`, x2/x4 forms), interpretations
///    (`__HIP_E4M3`), hipDataType tags (`HIP_R_8F_E4M3`) and their `_FNUZ`
///    counterparts, as written (also in typedefs and template arguments);
///  - CUDA leftovers (`__nv_fp8_e4m3`, `__NV_E4M3`: OCP) on FNUZ targets;
///  - PyTorch dtype names (`c10::Float8_e4m3fn`, `at::kFloat8_e4m3fn`,
///    `...fnuz`), found in the raw tokens since PyTorch's headers may be
///    missing;
///  - the E4M3 maximum of the other format (448 on FNUZ, 240 on OCP) as a
///    clamp bound, comparison operand, scale divisor or factor, or FP8-named
///    constant, in a translation unit that mentions FP8;
///  - on every target, bytes of one format reinterpreted as the other
///    (pointer casts, memcpy, bit_cast, unions).
/// In the host pass, code in an `#if` branch chosen by HIP_FP8_TYPE_OCP or
/// HIP_FP8_TYPE_FNUZ is judged for the format of its branch, and branches of
/// `__gfx9xx__` lists are left to the device pass; a function, declaration
/// or `#define` that names both formats (a run-time choice) is left alone.
/// No finding on targets without FP8 hardware except conversions. Fix-its
/// rename each spelling to its counterpart and swap 448 and 240.
///
/// For the user-facing documentation see rules/fp8-format-target-mismatch.md.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_FP8FORMATTARGETMISMATCHCHECK_H
#define WAVECHECK_CHECKS_FP8FORMATTARGETMISMATCHCHECK_H

#include "checks/Fp8Bias.h"
#include "checks/Fp8Source.h"

#include "checks/WaveCheck.h"

namespace wavecheck {

class Fp8FormatTargetMismatchCheck : public WaveCheck {
public:
  Fp8FormatTargetMismatchCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const clang::SourceManager &SM, clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  std::optional<clang::TraversalKind> getCheckTraversalKind() const override {
    return clang::TK_IgnoreUnlessSpelledInSource;
  }

private:
  using MatchResult = clang::ast_matchers::MatchFinder::MatchResult;

  /// A recognised FP8 spelling in the user's code.
  struct Use {
    const fp8::Spelling *S;
    clang::SourceLocation Written; ///< File location of the name (fix-it).
    clang::SourceLocation Expansion;
    /// For a name that a compatibility typedef made an alias of another FP8
    /// type of the same format (`typedef __hip_fp8_e4m3 __nv_fp8_e4m3;`):
    /// that typedef. No fix-it there: the alias serves every use.
    const clang::TypedefNameDecl *Alias = nullptr;
  };
  /// A literal 448 or 240 in a clamp, comparison or scale context.
  struct Bound {
    clang::SourceLocation Written, Expansion;
    int Value;
    /// The FP8 type of the explicit specialization holding the literal
    /// (`template <> struct limits<__hip_fp8_e4m3_fnuz>`): judged by it.
    const fp8::Spelling *Key = nullptr;
    /// Where a constant holding the literal is used as a bound; invalid when
    /// the literal itself is.
    clang::SourceLocation Use = {};
    bool NameMentionsFp8 = false;
  };
  /// The file range of a function definition, a namespace-scope declaration
  /// or a `#define`: the unit in which naming both formats counts as a
  /// run-time choice (or a table of both), not a mismatch.
  struct Scope {
    clang::FileID File;
    unsigned Begin, End;
  };

  void checkTypeOrEnum(const MatchResult &R);
  void checkLiteral(const MatchResult &R);
  void checkConstantRef(const MatchResult &R);
  void checkConversion(const MatchResult &R);
  void addUse(const fp8::Spelling *S, clang::SourceLocation Loc,
              const clang::TypedefNameDecl *Alias = nullptr);
  void reportConversion(clang::SourceRange Span, llvm::StringRef Verb,
                        clang::QualType From, clang::QualType To);
  /// True when \p Loc is in an explicit specialization keyed by an FP8 type
  /// of format \p F.
  bool inKeyedScope(clang::SourceLocation Loc, Fp8Format F) const;
  /// True when \p Loc is in a reported conversion (its types cast no vote).
  bool inConversion(clang::SourceLocation Loc) const;
  /// Index into Scopes of the innermost scope containing \p Loc, or -1.
  int scopeOf(clang::SourceLocation Loc) const;
  /// The format expected at a use (None: no finding) and whether an FP8
  /// guard around it chose that format (the message then names the branch).
  struct Expected {
    Fp8Format Want;
    bool InBranch;
    bool Fixable; ///< false in a branch of a `__gfx9xx__` list
  };
  /// The target's format; in the host pass that of the FP8-guarded branch
  /// the use is written in.
  Expected expectedAt(clang::SourceLocation Written, clang::SourceLocation Expansion,
                      Fp8Format Target) const;
  void reportUses(Fp8Format Target);
  void reportBounds(Fp8Format Target);
  void reportParamViews();
  /// Hand-written exponent biases of the other format (checks/Fp8Bias.h).
  void reportBiases(Fp8Format Target);


  // Per translation unit.
  const clang::SourceManager *SM = nullptr;
  const clang::LangOptions *LangOpts = nullptr;
  const clang::ASTContext *Ctx = nullptr;
  fp8::PreprocessorFacts Facts;
  std::vector<Use> Uses;
  std::vector<fp8::HandBias> Biases;
  std::vector<Bound> Bounds;
  std::vector<Bound> AllMaxima; ///< every floating 448/240, for run-time choices
  std::vector<Scope> Scopes;
  std::vector<Scope> Converted; ///< reported conversions: their types cast no vote
  /// A byte or `void *` parameter cast to an FP8 pointer in its function.
  struct ParamView {
    const clang::ParmVarDecl *Param;
    const fp8::Spelling *As;
    clang::SourceLocation Loc;
  };
  /// FP8 data passed to such a parameter.
  struct ParamArg {
    const clang::ParmVarDecl *Param;
    const fp8::Spelling *From;
    const clang::Expr *Arg;
  };
  std::vector<ParamView> ParamViews;
  std::vector<ParamArg> ParamArgs;
  /// Explicit specializations keyed by an FP8 type, with its format.
  std::vector<std::pair<Scope, Fp8Format>> Keyed;
};

} // namespace wavecheck

#endif
