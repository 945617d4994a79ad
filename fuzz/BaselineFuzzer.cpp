//===--- BaselineFuzzer.cpp - libFuzzer target: parseBaseline --------------===//
///
/// Any bytes as a `--baseline` file. Beyond "no crash, no leak": a failure
/// names the file first (the documented message shape), and a baseline that
/// parses prints to JSON that parses back to the same baseline (round trip).
///
//===----------------------------------------------------------------------===//
#include "lib/Baseline.h"

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  wavecheck::Baseline B;
  std::string Err;
  if (!wavecheck::parseBaseline(Text, "fuzz.json", B, Err)) {
    if (!llvm::StringRef(Err).starts_with("fuzz.json")) {
      std::fprintf(stderr, "error does not name the file: %s\n", Err.c_str());
      std::abort();
    }
    return 0;
  }
  if (!Err.empty()) {
    std::fprintf(stderr, "success with an error message: %s\n", Err.c_str());
    std::abort();
  }
  std::string Printed;
  llvm::raw_string_ostream OS(Printed);
  wavecheck::printBaseline(B, OS);
  wavecheck::Baseline Again;
  if (!wavecheck::parseBaseline(Printed, "printed.json", Again, Err) || !(Again == B)) {
    std::fprintf(stderr, "round trip failed (%s):\n%s\n", Err.c_str(), Printed.c_str());
    std::abort();
  }
  return 0;
}
