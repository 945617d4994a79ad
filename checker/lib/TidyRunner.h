//===--- TidyRunner.h - clang-tidy's run loop, scoped to user code ---------===//
///
/// \file
/// Runs the enabled clang-tidy checks over one file the way
/// clang::tidy::runClangTidy does (same ClangTidyASTConsumerFactory,
/// diagnostic consumer, NOLINT handling and fix-it collection), with two
/// differences wavecheck needs:
///  - the AST traversal scope is limited to top-level declarations outside
///    system headers, so matchers and the parent map skip the HIP/ROCm
///    headers (the parent map of a ROCm translation unit alone costs about
///    15% of its parse; bench/README.md);
///  - the tool prints nothing itself ("Error while processing ...");
///  - with \p WaveModel, the device pass of a 64-lane target also generates
///    the IR and runs the wave model (model/WaveModel.h), whose findings
///    come out as the checks' own.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_TIDYRUNNER_H
#define WAVECHECK_LIB_TIDYRUNNER_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace wavecheck {

namespace model {
struct ModelExchange;
}

/// Checks \p File with the checks \p Context enables, compiling it with the
/// command \p DB gives, reading files through \p FS. Returns the check
/// findings and the compiler's errors, as runClangTidy does. With
/// \p Exchange, the wave model compares with its reference and leaves its
/// report there (model/WaveModel.h).
std::vector<clang::tidy::ClangTidyError>
runChecks(clang::tidy::ClangTidyContext &Context,
          const clang::tooling::CompilationDatabase &DB, llvm::StringRef File,
          llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS, bool WaveModel,
          model::ModelExchange *Exchange = nullptr);

} // namespace wavecheck

#endif
