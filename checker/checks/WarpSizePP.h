//===--- WarpSizePP.h - where a compile-time wave size comes from ----------===//
///
/// \file
/// Preprocessor facts for wave64-warp-size-detection, gathered while one pass
/// (device or host) parses a translation unit:
///  - which macros are defined inside a branch of an `#if`/`#ifdef` chain that
///    tests the target (`__gfx942__`, `__GFX9__`, `__HIP_DEVICE_COMPILE__`,
///    `__AMDGCN__`, `__HIP_PLATFORM_AMD__`, `__AMDGCN_WAVEFRONT_SIZE`), and
///    the macros that chain tests;
///  - where such macros are expanded in code;
///  - where `__AMDGCN_WAVEFRONT_SIZE` is tested in a conditional directive;
///  - the user files and the ranges the preprocessor skipped, so that the
///    raw tokens of user code can be scanned afterwards (rawTokens()).
/// Which macros a pass defines was observed with clang 22: the device pass
/// defines `__gfxNNN__`, `__GFXn__`, `__HIP_DEVICE_COMPILE__`, `__AMDGCN__`
/// and `__AMDGPU__`; the host pass of a HIP compile still defines `__AMDGCN__`
/// and `__AMDGPU__` but no gfx macro; neither defines
/// `__AMDGCN_WAVEFRONT_SIZE` (removed from LLVM in October 2025).
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_WARPSIZEPP_H
#define WAVECHECK_CHECKS_WARPSIZEPP_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class MacroInfo;
class Preprocessor;
} // namespace clang

namespace wavecheck {

/// What testing a macro in `#if` tells about the target.
enum class ArchMacroKind {
  Target,     ///< `__gfx942__`: one target, device pass only
  Family,     ///< `__GFX9__`: a target family, device pass only
  DeviceOnly, ///< `__HIP_DEVICE_COMPILE__`: any device pass
  Platform,   ///< `__AMDGCN__`, `__HIP_PLATFORM_AMD__`: every AMD target, both passes
  Removed     ///< `__AMDGCN_WAVEFRONT_SIZE(__)`: no longer defined by clang
};

/// The kind of \p Name, or std::nullopt for a macro that says nothing about
/// the target.
std::optional<ArchMacroKind> classifyArchMacro(llvm::StringRef Name);

/// True for `__AMDGCN_WAVEFRONT_SIZE` and `__AMDGCN_WAVEFRONT_SIZE__`.
bool isRemovedWaveSizeMacro(llvm::StringRef Name);

/// True for names that look like a wave size: they contain WARP or WAVE and
/// SIZE, WIDTH, LANES or THREADS, in any case (`WARP_SIZE`, `kWaveSize`,
/// `WAVEFRONT_SIZE`, `WARP_THREADS`).
bool looksLikeWaveSizeName(llvm::StringRef Name);

/// The innermost conditional chain that tests the target around a macro
/// definition.
struct ArchCondition {
  clang::SourceLocation Loc;       ///< its opening directive
  llvm::StringRef Directive;       ///< "#if", "#ifdef" or "#ifndef"
  std::vector<std::string> Tested; ///< arch macros tested, in first-seen order
  clang::SourceLocation Branch;    ///< directive opening the current branch
};

/// The code between two directives of an ArchCondition: one branch.
struct ArchBranch {
  clang::SourceRange Range; ///< from the directive opening it to the next one
  ArchCondition Cond;
};

/// A macro defined in a branch the current pass took of an ArchCondition.
struct ChosenMacro {
  std::string Name;
  clang::SourceLocation ValueLoc; ///< first token of its body (or its name)
  std::optional<int64_t> Value;   ///< when the body is one integer literal
  ArchCondition Cond;
};

/// A use, outside directives, of a ChosenMacro: the file location of the
/// outermost macro expansion that contains it.
struct ChosenMacroUse {
  clang::SourceLocation Loc;
  const clang::MacroInfo *Macro;
};

/// A `#define` in a branch of an arch test that this pass skipped.
struct SkippedDefine {
  std::string Name;
  std::optional<int64_t> Value; ///< when the body is one integer literal
  clang::SourceLocation Branch; ///< directive opening the skipped branch
  ArchCondition Cond;           ///< the chain, as tested up to that branch
};

/// Everything the recorder gathers for one translation unit.
struct PPFacts {
  llvm::DenseMap<const clang::MacroInfo *, ChosenMacro> Chosen;
  std::vector<ChosenMacroUse> Uses;
  /// Branches of conditionals that test the target, innermost last among
  /// nested ones (closed branches are appended as they end).
  std::vector<ArchBranch> Branches;
  /// `#define`s in skipped branches of conditionals that test the target.
  std::vector<SkippedDefine> SkippedDefs;
  /// `__AMDGCN_WAVEFRONT_SIZE(__)` written in an `#if`/`#elif` condition or
  /// tested by `#ifdef`/`#ifndef`.
  std::vector<clang::SourceLocation> RemovedMacroTests;
  /// Spellings of `__AMDGCN_WAVEFRONT_SIZE(__)` a user file defines itself.
  std::vector<std::string> RemovedMacrosDefined;
  /// A user file defines a macro named `warpSize` (`#define warpSize 32`):
  /// from there on the name is the project's own, not HIP's variable.
  bool UserWarpSizeMacro = false;
  /// The value a user file gives `__AMDGCN_WAVEFRONT_SIZE` itself
  /// (`#define __AMDGCN_WAVEFRONT_SIZE 64` as a fallback), when one literal.
  std::optional<int64_t> RemovedMacroValue;
  std::vector<clang::FileID> UserFiles;
  std::vector<clang::SourceRange> Skipped;

  /// True when \p Loc lies in a block the preprocessor skipped.
  bool skipped(clang::SourceLocation Loc, const clang::SourceManager &SM) const;
  /// The innermost branch of a conditional testing the target that holds
  /// \p Loc (a file location); nullptr when there is none.
  const ArchBranch *branchAt(clang::SourceLocation Loc, const clang::SourceManager &SM) const;
};

/// Fills a PPFacts while the preprocessor runs.
class ArchConditionRecorder : public clang::PPCallbacks {
public:
  ArchConditionRecorder(PPFacts &Facts, const clang::SourceManager &SM,
                        const clang::Preprocessor &PP)
      : Facts(Facts), SM(SM), PP(PP) {}

  void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                   clang::SrcMgr::CharacteristicKind FileType, clang::FileID PrevFID) override;
  void SourceRangeSkipped(clang::SourceRange Range, clang::SourceLocation EndifLoc) override;
  void MacroDefined(const clang::Token &Name, const clang::MacroDirective *MD) override;
  void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &MD,
                    clang::SourceRange Range, const clang::MacroArgs *Args) override;
  void Defined(const clang::Token &Name, const clang::MacroDefinition &MD,
               clang::SourceRange Range) override;
  void If(clang::SourceLocation Loc, clang::SourceRange Cond, ConditionValueKind) override;
  void Elif(clang::SourceLocation Loc, clang::SourceRange Cond, ConditionValueKind,
            clang::SourceLocation IfLoc) override;
  void Ifdef(clang::SourceLocation Loc, const clang::Token &Name,
             const clang::MacroDefinition &MD) override;
  void Ifndef(clang::SourceLocation Loc, const clang::Token &Name,
              const clang::MacroDefinition &MD) override;
  void Elifdef(clang::SourceLocation Loc, const clang::Token &Name,
               const clang::MacroDefinition &MD) override;
  void Elifdef(clang::SourceLocation Loc, clang::SourceRange Cond,
               clang::SourceLocation IfLoc) override;
  void Elifndef(clang::SourceLocation Loc, const clang::Token &Name,
                const clang::MacroDefinition &MD) override;
  void Elifndef(clang::SourceLocation Loc, clang::SourceRange Cond,
                clang::SourceLocation IfLoc) override;
  void Else(clang::SourceLocation Loc, clang::SourceLocation IfLoc) override;
  void Endif(clang::SourceLocation Loc, clang::SourceLocation IfLoc) override;

private:
  void open(clang::SourceLocation Loc, llvm::StringRef Directive);
  void nextBranch(clang::SourceLocation Loc);
  void testCondition(clang::SourceRange Cond);
  void testName(const clang::Token &Name, const clang::MacroDefinition &MD);
  void test(llvm::StringRef Name);
  void testBody(const clang::MacroInfo *MI);
  void testSkipped(const clang::Token &Name, const clang::MacroDefinition &MD);

  PPFacts &Facts;
  const clang::SourceManager &SM;
  const clang::Preprocessor &PP;
  std::vector<ArchCondition> Open;  ///< every open conditional, innermost last
  std::vector<std::string> Pending; ///< names seen while evaluating a condition
  /// Macros `#define`d in a branch of an arch test that this pass skipped,
  /// with that test.
  std::map<std::string, ArchCondition> SkippedDefines;
};

/// A token of a user file as the raw lexer sees it (no macro expansion).
struct RawToken {
  clang::Token Tok;
  llvm::StringRef Directive; ///< "define", "if", ... for tokens of a directive line
};

/// The raw tokens of \p FID, comments dropped.
std::vector<RawToken> rawTokens(clang::FileID FID, const clang::SourceManager &SM,
                                const clang::LangOptions &LO);

} // namespace wavecheck

#endif
