//===- wavesan-cc-rewrite.cpp - wavesan-cc's rewrite of sources and headers ---===//
///
/// \file
/// The second step of wavesan-cc (wavesan-cc-driver.h): rewriteSources reads each source,
/// follows its `#include`s to the user headers it reaches, and rewrites in memory what a
/// host compiler cannot build: `<<<...>>>` launches (wavesan-cc-launch.h) and `__shared__`
/// arrays (wavesan-cc-scan.h), keeping every line number. It also switches
/// -fwavesan-lockstep on for warp-synchronous code, and reports a launch or an
/// `extern __shared__` it cannot rewrite as `file:line:col: error:` with the line and a
/// caret.
///
//===----------------------------------------------------------------------===//

#include "wavesan-cc-driver.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Finding `<<<...>>>` launches and `extern __shared__` arrays.
#include "wavesan-cc-scan.h"

// Rewriting `<<<...>>>` launches (Clang's lexer and Rewriter).
#include "wavesan-cc-launch.h"

namespace wavesan_cc {

int rewriteSources(const Invocation &Inv, Rewrites &R) {
  const std::vector<std::string> &Sources = Inv.Sources, &Out = Inv.Out;
  const int LockstepFlag = Inv.LockstepFlag;

  // Each source is rewritten on a temporary copy when it (or a header it reaches)
  // holds what a host compiler cannot build:
  // - `callee<<<...>>>(args)` launches become calls of the emulator's launch function
  //   (wavesan-cc-launch.h), in the source and in the user headers it includes;
  // - `extern __shared__ T name[];` in a function body becomes HIP_DYNAMIC_SHARED(T, name)
  //   (at namespace or class scope it is an error).
  // A launch that cannot be rewritten, or an `extern __shared__` outside a function,
  // is reported with its file, line and column, and nothing is compiled.
  bool Stop = false;
  auto Report = [&](const std::string &Path, const std::string &Src, unsigned Line,
                    unsigned Col, size_t LineBegin, const std::string &Message) {
    Stop = true;
    std::cerr << Path << ":" << Line << ":" << Col << ": error: " << Message << "\n";
    // The source line (at most MaxExcerptBytes of it) and a caret, as compilers print them.
    const wavesan_cc::Excerpt E = wavesan_cc::sourceExcerpt(Src, LineBegin, Col);
    std::cerr << "  " << E.Text << "\n  " << E.Caret << "\n";
  };
  auto ReadFile = [](const std::string &Path, std::string &Text) {
    std::ifstream In(Path, std::ios::binary);
    if (!In)
      return false;
    std::stringstream SS;
    SS << In.rdbuf();
    Text = SS.str();
    return true;
  };
  auto LineDirective = [](const std::string &Path) {
    std::string Quoted;
    for (char C : Path)
      Quoted += (C == '"' || C == '\\') ? std::string("\\") + C : std::string(1, C);
    return "#line 1 \"" + Quoted + "\"\n";
  };
  // The user's include directories, in order (-I, -iquote), as absolute paths.
  std::vector<std::string> QuoteDirs, AngleDirs;
  for (size_t I = 0; I < Out.size(); ++I) {
    for (const char *Opt : {"-I", "-iquote"}) {
      std::string_view A = Out[I], O = Opt;
      std::string Dir;
      if (A == O && I + 1 < Out.size())
        Dir = Out[I + 1];
      else if (A.size() > O.size() && A.substr(0, O.size()) == O && O == "-I")
        Dir = std::string(A.substr(O.size()));
      else
        continue;
      Dir = realPath(Dir);
      QuoteDirs.push_back(Dir);
      if (O == "-I")
        AngleDirs.push_back(Dir);
    }
  }
  std::vector<Rewrite> &Rewritten = R.Rewritten;             // sources
  std::vector<Rewrite> &MirroredHeaders = R.MirroredHeaders; // user headers
  bool &Lockstep = R.Lockstep;
  Lockstep = LockstepFlag == 1;
  // Warp-synchronous code (volatile shared memory): compiled with -fwavesan-lockstep
  // unless -fno-wavesan-lockstep says otherwise; one note names the first place.
  auto CheckVolatileShared = [&](const std::string &File, const std::string &Text) {
    if (LockstepFlag != -1 || Lockstep)
      return;
    const size_t At = wavesan_cc::findVolatileShared(Text);
    if (At == std::string::npos)
      return;
    Lockstep = true;
    const unsigned Line =
        1 + static_cast<unsigned>(std::count(Text.begin(), Text.begin() + At, '\n'));
    std::cerr << "wavesan-cc: note: " << File << ":" << Line
              << ": 'volatile' in a file with __shared__ memory (warp-synchronous code?): "
                 "compiling with -fwavesan-lockstep, so that a wave's lanes take each "
                 "shared-memory access together as on the GPU (slower; "
                 "-fno-wavesan-lockstep turns it off)\n";
  };
  // Function-scope `extern __shared__` arrays become HIP_DYNAMIC_SHARED and
  // `__shared__ T name[N];` bounds-checked block copies (qualifiers.h), in sources and
  // in the user headers they include. Returns the text with the edits (line numbers
  // kept); \p Count: how many.
  auto RewriteShared = [&](const std::string &File, const std::string &Text, size_t &Count) {
    struct Edit {
      size_t Begin, End;
      std::string With;
    };
    std::vector<Edit> Edits;
    for (const ExternShared &D : scanExternShared(Text)) {
      if (!D.FunctionScope) {
        Report(File, Text, D.Line, D.Col, D.Begin - (D.Col - 1),
               "'extern __shared__' outside a function body is not supported by "
               "wavesan's CPU emulator; declare it in the kernel, or use HIP_DYNAMIC_SHARED(" +
                   D.Type + ", " + D.Name + ") there");
        continue;
      }
      if (D.Type.find(',') == std::string::npos) {
        Edits.push_back({D.Begin, D.End, "HIP_DYNAMIC_SHARED(" + D.Type + ", " + D.Name + ");"});
      } else { // a template type with commas cannot be a macro argument
        Edits.push_back({D.Begin, D.End,
                         "using wavesan_cc_type_" + D.Name + " = " + D.Type +
                             "; HIP_DYNAMIC_SHARED(" + "wavesan_cc_type_" + D.Name + ", " +
                             D.Name + ");"});
      }
    }
    for (const wavesan_cc::StaticShared &D : wavesan_cc::scanStaticShared(Text))
      Edits.push_back({D.Begin, D.End, "WAVESAN_STATIC_SHARED(" + D.Name + ", " + D.Type + ");"});
    std::sort(Edits.begin(), Edits.end(),
              [](const Edit &A, const Edit &B) { return A.Begin < B.Begin; });
    std::string Copy;
    size_t Done = 0;
    Count = 0;
    for (const Edit &D : Edits) {
      if (D.Begin < Done)
        continue;
      Copy += Text.substr(Done, D.Begin - Done) + D.With;
      for (size_t P = D.Begin; P < D.End; ++P) // keep the line numbers
        if (Text[P] == '\n')
          Copy += '\n';
      Done = D.End;
      ++Count;
    }
    return Copy + Text.substr(Done);
  };
  for (size_t SrcIndex = 0; SrcIndex < Sources.size(); ++SrcIndex) {
    const std::string &Path = Sources[SrcIndex];
    std::string Src;
    if (!ReadFile(Path, Src))
      return fail("cannot read input '" + Path + "': " + std::strerror(errno));
    CheckVolatileShared(Path, Src);
    wavesan_cc::LaunchRewrite L = wavesan_cc::rewriteLaunches(Src, Path);
    for (const wavesan_cc::LaunchError &E : L.Errors)
      Report(Path, Src, E.Line, E.Col, E.LineBegin, E.Message);
    std::string Text = std::move(L.Text);
    bool Changed = L.Count > 0;
    // User headers reached by #include, found as the compiler would (the including
    // file's directory, then -iquote and -I for "..."; -I for <...>), without
    // evaluating conditions: every one that exists is looked at.
    std::vector<std::string> Headers;
    bool HeaderRewrite = false;
    {
      std::vector<std::pair<std::string, std::string>> Queue{{realPath(Path), Text}};
      std::vector<std::string> Seen{realPath(Path)};
      for (size_t Q = 0; Q < Queue.size() && Seen.size() < 4096; ++Q) {
        std::string From = dirName(Queue[Q].first);
        for (const wavesan_cc::IncludeDirective &D :
             wavesan_cc::includeDirectives(Queue[Q].second, Queue[Q].first)) {
          std::vector<std::string> Dirs;
          if (D.Quoted)
            Dirs.push_back(From);
          for (const std::string &Dir : D.Quoted ? QuoteDirs : AngleDirs)
            Dirs.push_back(Dir);
          for (const std::string &Dir : Dirs) {
            std::string Candidate = D.Header[0] == '/' ? D.Header : Dir + "/" + D.Header;
            if (!exists(Candidate))
              continue;
            Candidate = realPath(Candidate);
            if (std::find(Seen.begin(), Seen.end(), Candidate) == Seen.end()) {
              Seen.push_back(Candidate);
              std::string HText;
              if (ReadFile(Candidate, HText)) {
                Headers.push_back(Candidate);
                Queue.push_back({Candidate, HText});
                CheckVolatileShared(Candidate, HText);
                HeaderRewrite |= HText.find("<<<") != std::string::npos ||
                                 HText.find("__shared__") != std::string::npos;
              }
            }
            break;
          }
        }
      }
    }
    if (HeaderRewrite) {
      for (const std::string &H : Headers) {
        std::string HText;
        if (!ReadFile(H, HText))
          continue;
        wavesan_cc::LaunchRewrite HL = wavesan_cc::rewriteLaunches(HText, H);
        for (const wavesan_cc::LaunchError &E : HL.Errors)
          Report(H, HText, E.Line, E.Col, E.LineBegin, E.Message);
        size_t SharedEdits = 0;
        std::string HCopy = RewriteShared(H, HL.Text, SharedEdits);
        MirroredHeaders.push_back({SrcIndex, H, LineDirective(H) + HCopy});
      }
      Changed = true;
    }
    size_t SharedEdits = 0;
    std::string Copy = RewriteShared(Path, Text, SharedEdits);
    if (SharedEdits || Changed)
      Rewritten.push_back({SrcIndex, realPath(Path), LineDirective(Path) + Copy});
  }
  if (Stop)
    return 1;
  return 0;
}

} // namespace wavesan_cc
