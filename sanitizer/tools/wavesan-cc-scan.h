//===- wavesan-cc-scan.h - source scanning for wavesan-cc ------*- C++ -*-===//
///
/// \file
/// wavesan-cc's scan of a source file before compiling it for `extern __shared__`
/// arrays (which wavesan-cc rewrites to HIP_DYNAMIC_SHARED), skipping comments and
/// string and character literals, and the error excerpts it prints. (`<<<...>>>`
/// launches: wavesan-cc-launch.h.) Implemented in wavesan-cc-scan.cpp.
///
//===----------------------------------------------------------------------===//
#ifndef WAVESAN_TOOLS_WAVESAN_CC_SCAN_H
#define WAVESAN_TOOLS_WAVESAN_CC_SCAN_H

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace wavesan_cc {

/// True when \p S ends with \p Suffix (also used by wavesan-cc's argument handling).
inline bool endsWith(std::string_view S, std::string_view Suffix) {
  return S.size() >= Suffix.size() && S.substr(S.size() - Suffix.size()) == Suffix;
}

/// The most bytes of a source line an error shows (the rest is cut, with "...").
constexpr size_t MaxExcerptBytes = 200;

/// A source line and its caret line, as compilers print them under an error.
struct Excerpt {
  std::string Text, Caret;
};

/// The line of \p Src starting at offset \p LineBegin, with a caret under 1-based byte
/// column \p Col. A line longer than MaxExcerptBytes is cut to a window of that many
/// bytes around the column (not splitting a UTF-8 sequence), each cut side marked "...";
/// tabs before the caret are kept so that it lines up.
Excerpt sourceExcerpt(std::string_view Src, size_t LineBegin, unsigned Col);

/// \p S itself, or its first MaxExcerptBytes bytes and "..." when longer.
std::string capped(std::string_view S);

/// One `extern __shared__ T name[];` declaration found by scanExternShared.
struct ExternShared {
  size_t Begin = 0, End = 0;  ///< offsets of `extern` and one past the `;`
  unsigned Line = 0, Col = 0; ///< 1-based position of `extern`
  std::string Type, Name;     ///< element type (alignment attributes dropped), array name
  bool FunctionScope = false; ///< inside a function body (else namespace or class scope)
};

/// Finds `extern __shared__ <type> <name>[];` declarations (HIP's dynamic shared memory)
/// outside comments and literals, and whether each is inside a function body: a `{`
/// preceded by `)` (a function, lambda or statement) opens function scope, and every
/// block inside it is function scope too; other braces (namespace, extern "C", class)
/// do not. Alignment attributes (`__align__(n)`, `alignas(n)`, `__attribute__((...))`)
/// are dropped from the type: the emulator's dynamic shared memory is 16-byte aligned.
std::vector<ExternShared> scanExternShared(const std::string &Src);

/// One function-scope `__shared__ T name[N]...;` declaration found by scanStaticShared.
struct StaticShared {
  size_t Begin = 0, End = 0; ///< offsets of `__shared__` and one past the `;`
  std::string Name;          ///< the array's name
  std::string Type;          ///< its array type: `float[16][17]` (attributes dropped)
};

/// Finds function-scope `__shared__ <type> <name>[<extent>]...;` declarations outside
/// comments and literals (function scope as for scanExternShared): one declarator, an
/// array, no initialiser, not `extern`. wavesan-cc rewrites each into
/// `WAVESAN_STATIC_SHARED(name, type[extent]...);`, whose bounds the emulator checks.
/// Other `__shared__` declarations (scalars, several declarators, namespace scope) are
/// not returned and stay thread_local.
std::vector<StaticShared> scanStaticShared(const std::string &Src);

/// Where warp-synchronous shared-memory code may be: the offset of the first `volatile`
/// keyword (outside comments and literals) of a source that also has a `__shared__`
/// keyword, else std::string::npos. CUDA code that exchanges values between the lanes
/// of a warp through shared memory without synchronisation (a scan or the tail of a
/// reduction) reads it through a volatile pointer so that the compiler keeps every
/// access; on a lockstep wavefront it works, and wavesan-cc compiles such a file with
/// -fwavesan-lockstep so that the emulator's lanes take those accesses together.
size_t findVolatileShared(const std::string &Src);

} // namespace wavesan_cc

#endif
