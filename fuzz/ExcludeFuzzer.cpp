//===--- ExcludeFuzzer.cpp - libFuzzer target: the gitignore matcher -------===//
///
/// The input is an `--exclude-from` file, a NUL byte, then paths to match,
/// one a line (no NUL: all patterns, a few fixed paths). The patterns go
/// through ExcludeMatcher::parseText (readFile's line handling), then
/// create(); every path through excluded(), as a file and as a directory.
/// Beyond "no crash, no leak, no hang" (bench/fuzz runs this target with a
/// tight -timeout: matching must stay linear in the pattern and path
/// lengths, whatever `**/` repetition the patterns hold):
/// - a failure of parseText names the file first;
/// - patterns parseText accepted one by one compile together;
/// - a path below an excluded directory is excluded (git does not enter an
///   excluded directory, so nothing below it can be re-included).
///
//===----------------------------------------------------------------------===//
#include "lib/Exclude.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Input(reinterpret_cast<const char *>(Data), Size);
  auto [Text, PathText] = Input.split('\0');
  if (PathText.empty() && Input.size() == Text.size())
    PathText = "a.hip\nsrc/a.hip\nbuild\nsrc/gen/deep/x.cuh\na/b/c/d/e/f/g/h/x.hip";

  std::vector<std::string> Patterns;
  if (llvm::Error E = wavecheck::ExcludeMatcher::parseText(Text, "fuzz.exclude", Patterns)) {
    std::string Msg = llvm::toString(std::move(E));
    if (!llvm::StringRef(Msg).starts_with("fuzz.exclude:")) {
      std::fprintf(stderr, "error does not name the file: %s\n", Msg.c_str());
      std::abort();
    }
    // What was read before the bad line still compiles: match with that.
  }
  llvm::Expected<wavecheck::ExcludeMatcher> M = wavecheck::ExcludeMatcher::create(Patterns);
  if (!M) {
    std::fprintf(stderr, "accepted patterns do not compile together: %s\n",
                 llvm::toString(M.takeError()).c_str());
    std::abort();
  }
  // The raw lines as --exclude patterns too: create() sees what parseText
  // would drop or reject (comments, trailing spaces, bad ranges).
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  Text.split(Lines, '\n');
  std::vector<std::string> Raw(Lines.begin(), Lines.end());
  if (llvm::Expected<wavecheck::ExcludeMatcher> R = wavecheck::ExcludeMatcher::create(Raw)) {
    for (llvm::StringRef P : llvm::split(PathText, '\n'))
      (void)R->excluded(P, /*IsDir=*/false);
  } else {
    llvm::consumeError(R.takeError());
  }

  for (llvm::StringRef P : llvm::split(PathText, '\n')) {
    bool AsFile = M->excluded(P, /*IsDir=*/false);
    (void)M->excluded(P, /*IsDir=*/true);
    // Below an excluded directory: excluded, whatever a later `!` says.
    llvm::StringRef Parent = P.rsplit('/').first;
    if (!AsFile && P.contains('/') && !P.ends_with("/") &&
        M->excluded(Parent, /*IsDir=*/true)) {
      std::fprintf(stderr, "'%s' is re-included below the excluded directory '%s'\n",
                   P.str().c_str(), Parent.str().c_str());
      std::abort();
    }
  }
  return 0;
}
