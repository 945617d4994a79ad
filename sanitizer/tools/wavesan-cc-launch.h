//===- wavesan-cc-launch.h - `<<<...>>>` launches for the emulator -*- C++ -*-===//
///
/// \file
/// A host C++ compiler cannot parse CUDA's and HIP's launch syntax
/// `callee<<<grid, block, shmem, stream>>>(args...)`. wavesan-cc rewrites each launch,
/// on a temporary copy of the file, into a call of the emulator's launch function
/// (<hip/hip_runtime.h>, wavesan/emu/launch.h):
///
///     k<T, 4><<<grid, block>>>(a, b)
///  -> ::wavesan::emu::detail::chevron("k<T, 4>", ::std::source_location::current(),
///         grid, block)([&](auto... __wavesan_args) { k<T, 4>(__wavesan_args...); }, a, b)
///
/// The kernel is called from a generic lambda, so a template kernel's arguments are
/// deduced from the launch's arguments as the GPU compiler deduces them. Omitted
/// configuration arguments (shmem, stream) take their defaults, 0 and the null stream.
///
/// The file is split into tokens by Clang's lexer (raw mode, CUDA language options, so
/// `<<<` and `>>>` are single tokens, and comments, string and character literals are
/// never looked into), and edited with Clang's Rewriter. A launch written in a macro's
/// definition is rewritten there, so launches wrapped in macros work. No newline is
/// added or removed: every line keeps its number, and `#line` (added by wavesan-cc)
/// keeps the file's name, for diagnostics, `__FILE__`, `std::source_location` and the
/// emulator's reports.
///
/// The callee is the text before `<<<`: names joined by `::` (optionally preceded by
/// `::` or `template`), each with optional template arguments `<...>`, or a
/// parenthesised expression, optionally preceded by a macro name
/// (`HIP_KERNEL_NAME(k<float, 4>)`). A `<<<` without such a callee, without a matching
/// `>>>`, or without `(` after the `>>>`, is an error naming its line and column.
///
//===----------------------------------------------------------------------===//
#ifndef WAVESAN_TOOLS_WAVESAN_CC_LAUNCH_H
#define WAVESAN_TOOLS_WAVESAN_CC_LAUNCH_H

#include <string>
#include <string_view>
#include <vector>

namespace wavesan_cc {

/// A launch that cannot be rewritten.
struct LaunchError {
  unsigned Line = 0, Col = 0; ///< 1-based; Col in bytes, at the kernel name (or `<<<`)
  size_t LineBegin = 0;       ///< offset of the line's first byte in the source
  std::string Message;
};

/// The result of rewriteLaunches.
struct LaunchRewrite {
  std::string Text;                ///< the source with every launch rewritten
  unsigned Count = 0;              ///< launches rewritten
  std::vector<LaunchError> Errors; ///< launches left as they are
};

/// Rewrites every `<<<...>>>` launch of \p Src (a whole source or header file) into the
/// emulator's launch call (see the file comment). \p Name is the file's name, used only
/// by Clang's source manager. The text outside the launches is copied unchanged.
LaunchRewrite rewriteLaunches(std::string_view Src, std::string_view Name);

/// The `#include "..."` and `#include <...>` directives of \p Src, in order: the
/// header name and whether it was written with quotes. Conditional compilation is not
/// evaluated (every directive is listed), so the list can only be larger than what a
/// compiler includes.
struct IncludeDirective {
  std::string Header;
  bool Quoted = false;
};
std::vector<IncludeDirective> includeDirectives(std::string_view Src, std::string_view Name);

} // namespace wavesan_cc

#endif
