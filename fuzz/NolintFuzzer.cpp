//===--- NolintFuzzer.cpp - libFuzzer target: NOLINT comments --------------===//
///
/// wavecheck suppresses findings with clang-tidy's NOLINT, NOLINTNEXTLINE and
/// NOLINTBEGIN/NOLINTEND comments: ClangTidyDiagnosticConsumer asks
/// ClangTidyContext::shouldSuppressDiagnostic (NoLintDirectiveHandler), which
/// reads the comments from the source buffer. This target feeds it the same
/// way: the input, split at its first NUL byte into Before and After, becomes
///
///     <Before>
///     int lane = tid % 32;<After>
///     int next = lane;
///
/// and a wave64-hardcoded-warp-size diagnostic is emitted at `32` and at the
/// start of the last line through a context, a DiagnosticsEngine and a
/// SourceManager over an in-memory file, as a check would. Beyond "no crash":
/// without the text "NOLINT" anywhere nothing is suppressed (unless clang
/// cannot read the buffer at all: a UTF-16 byte order mark), and no finding
/// is reported twice.
///
/// Debian's libclangTidy.a is not built with coverage instrumentation, so
/// libFuzzer sees the coverage of this file only; its corpus of seeds
/// (fuzz/corpus/nolint) holds every directive form to mutate from.
///
//===----------------------------------------------------------------------===//
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace clang;
using namespace clang::tidy;

static constexpr llvm::StringRef Check = "wave64-hardcoded-warp-size";
static constexpr llvm::StringRef Path = "/fuzz/input.hip";

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Input(reinterpret_cast<const char *>(Data), Size);
  auto [Before, After] = Input.split('\0');
  std::string Source = Before.str() + "\nint lane = tid % 32;";
  size_t At32 = Source.size() - 3;
  Source += After.str() + "\n";
  size_t AtNext = Source.size();
  Source += "int next = lane;\n";

  ClangTidyOptions Opts = ClangTidyOptions::getDefaults();
  Opts.Checks = "-*,wave64-*";
  ClangTidyContext Context(
      std::make_unique<DefaultOptionsProvider>(ClangTidyGlobalOptions(), Opts));
  ClangTidyDiagnosticConsumer Consumer(Context, nullptr,
                                       /*RemoveIncompatibleErrors=*/true,
                                       /*GetFixesFromNotes=*/false);
  auto DiagOpts = std::make_unique<DiagnosticOptions>();
  DiagnosticsEngine Diags(DiagnosticIDs::create(), *DiagOpts, &Consumer,
                          /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(std::move(DiagOpts), &Diags);

  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  FS->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Source, Path));
  FileManager Files(FileSystemOptions(), FS);
  SourceManager SM(Diags, Files);
  FileID Main = SM.createFileID(*Files.getOptionalFileRef(Path), SourceLocation(),
                                SrcMgr::C_User);
  SM.setMainFileID(Main);
  Context.setSourceManager(&SM);
  Context.setCurrentFile(Path);

  SourceLocation Start = SM.getLocForStartOfFile(Main);
  Context.diag(Check, Start.getLocWithOffset(At32), "lane index computed with 32");
  Context.diag(Check, Start.getLocWithOffset(AtNext), "second finding");
  Consumer.finish();

  unsigned Reported = 0;
  bool Unreadable = false;
  std::string Others;
  for (const ClangTidyError &E : Consumer.take()) {
    Reported += E.DiagnosticName == Check;
    if (E.DiagnosticName != Check)
      Others += E.DiagnosticName + ": " + E.Message.Message + "\n";
    // A buffer clang refuses (a UTF-16/32 byte order mark) is an input error
    // in wavecheck before any check runs; NOLINT is not consulted for it.
    Unreadable |= E.DiagnosticName == "clang-diagnostic-error";
  }
  if (Reported > 2 ||
      (Reported < 2 && !Unreadable && !llvm::StringRef(Source).contains("NOLINT"))) {
    std::fprintf(stderr, "%u of 2 findings reported for:\n%s\nother diagnostics:\n%s",
                 Reported, Source.c_str(), Others.c_str());
    std::abort();
  }
  return 0;
}
