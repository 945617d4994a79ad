//===--- Fp8Source.h - FP8 spellings and preprocessor facts -----*- C++ -*-===//
///
/// \file
/// What fp8-format-target-mismatch knows about FP8 as written, apart from the
/// AST:
///  - the spelling table: every FP8 type, interpretation, data-type tag and
///    PyTorch dtype name the rule recognises, its format (OCP or FNUZ), its
///    family (E4M3 or E5M2) and its counterpart in the other format;
///  - FP8 guards: `#if`/`#elif`/`#else` branches chosen by the HIP header's
///    HIP_FP8_TYPE_OCP/HIP_FP8_TYPE_FNUZ or by `__gfx942__`-style macros, and
///    the format each branch is written for;
///  - the user's files, the ranges the preprocessor skipped and FP8-named
///    macros equal to an E4M3 maximum (`#define FP8_MAX 448.0f`);
///  - a raw token scan of the user's files, for names no header declares
///    here (PyTorch's, whose headers are not available to the checker).
/// Sources: HIP FP8 documentation (ROCm 6.x/7.x), OCP 8-bit floating point
/// specification, PyTorch's dtype list.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_FP8SOURCE_H
#define WAVECHECK_CHECKS_FP8SOURCE_H

#include "checks/Targets.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <optional>
#include <vector>

namespace clang {
class LangOptions;
class SourceManager;
} // namespace clang

namespace wavecheck::fp8 {

/// Largest finite OCP E4M3 value ("e4m3fn"): 1.1110 x 2^8 (OCP FP8 spec).
inline constexpr int OcpE4m3Max = 448;
/// Largest finite FNUZ E4M3 value: 1.1110 x 2^7 (bias 8 instead of 7).
inline constexpr int FnuzE4m3Max = 240;

enum class Family { E4M3, E5M2 };

/// Where a spelling comes from; decides how it is found (AST or tokens).
enum class Origin {
  HipType,     ///< `__hip_fp8_e4m3` and friends (AST: type locations)
  HipEnum,     ///< `__HIP_E4M3`, `HIP_R_8F_E4M3` (AST: enumerator references)
  CudaType,    ///< `__nv_fp8_e4m3` (AST: type locations), OCP only
  CudaEnum,    ///< `__NV_E4M3` (AST: enumerator references), OCP only
  PyTorch      ///< `c10::Float8_e4m3fn`, `at::kFloat8_e4m3fn` (raw tokens)
};

struct Spelling {
  llvm::StringRef Name;
  Fp8Format Format; ///< OCP or FNUZ.
  Family Fam;
  Origin From;
  /// The spelling that names the same thing in the other format (for CUDA
  /// names: the HIP FNUZ type); empty when no one-token fix exists.
  llvm::StringRef Counterpart;
};

/// The recognised spelling named \p Name; nullptr for any other name.
const Spelling *findSpelling(llvm::StringRef Name);

/// "OCP" or "FNUZ"; "E4M3" or "E5M2".
llvm::StringRef formatName(Fp8Format F);
llvm::StringRef familyName(Family F);

/// What reading bytes of format \p From in the other format does to the
/// values of family \p F (the exponent bias
/// differs by one, FNUZ has no -0 and its only NaN is 0x80), for messages.
const char *consequence(Fp8Format From, Family F);

/// True for an identifier that mentions FP8 (`fp8`, `float8`, `e4m3`,
/// `e5m2` in any case): FP8 types, dtype names, `kFp8Max`, `FP8_E4M3_MAX`.
bool mentionsFp8(llvm::StringRef Identifier);

/// The value of a numeric literal's spelling (`448`, `448.0f`, `240.f`,
/// `4.48e2`); std::nullopt for anything else.
std::optional<double> literalValue(llvm::StringRef Text);

/// How an `#if` branch chose the FP8 format. OCP, FNUZ: by the HIP header's
/// HIP_FP8_TYPE_OCP/HIP_FP8_TYPE_FNUZ (or the `#else` of such a test).
/// Unknown: the condition names both formats. Arch: by `__gfx942__`-style
/// macros, which only the device pass defines: the device pass compiles the
/// branch of its own target, the host pass always the one of none.
enum class Guard { None, OCP, FNUZ, Unknown, Arch };

/// A numeric literal 448 or 240 spelled as the whole body of a macro whose
/// name mentions FP8 (`#define FP8_E4M3_MAX 448.0f`).
struct NamedConstant {
  clang::SourceLocation Literal;
  int Value;
};

/// What the preprocessor saw of the user's files in one translation unit.
class PreprocessorFacts {
public:
  /// The guard of the innermost FP8-guarded branch around \p Loc (a file
  /// location); Guard::None outside any.
  Guard guardAt(clang::SourceLocation Loc, const clang::SourceManager &SM) const;

  struct Range {
    clang::FileID File;
    unsigned Begin, End; ///< File offsets, End inclusive.
    Guard G = Guard::None;
  };
  std::vector<clang::FileID> UserFiles;
  std::vector<Range> Branches; ///< FP8-guarded branches (G != None).
  std::vector<Range> Skipped;
  std::vector<Range> MacroBodies; ///< `#define` lines: a scope for raw tokens
  std::vector<NamedConstant> Constants;
};

/// Callbacks that fill \p Facts for the files of the translation unit that
/// are not system headers.
std::unique_ptr<clang::PPCallbacks>
makeFactsCollector(const clang::SourceManager &SM, PreprocessorFacts &Facts);

/// Raw-lexes the user's files of \p Facts and calls \p OnIdentifier for each
/// identifier outside skipped ranges and `#include` lines, in file order.
void scanIdentifiers(
    const clang::SourceManager &SM, const clang::LangOptions &LO,
    const PreprocessorFacts &Facts,
    llvm::function_ref<void(clang::SourceLocation, llvm::StringRef)> OnIdentifier);

} // namespace wavecheck::fp8

#endif
