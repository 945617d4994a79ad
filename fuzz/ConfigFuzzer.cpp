//===--- ConfigFuzzer.cpp - libFuzzer target: parseConfigFile --------------===//
///
/// Any bytes as a `.wavecheck.yaml`. Beyond "no crash, no leak": a failure is
/// one message naming the file first (Config.h: `<Name>:<line>:<column>: ...`),
/// and success leaves no message.
///
//===----------------------------------------------------------------------===//
#include "lib/Config.h"

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  wavecheck::WavecheckConfig C;
  std::string Err;
  bool Ok = wavecheck::parseConfigFile(Text, "fuzz.yaml", C, Err);
  if (!Ok && !llvm::StringRef(Err).starts_with("fuzz.yaml")) {
    std::fprintf(stderr, "error does not name the file: %s\n", Err.c_str());
    std::abort();
  }
  if (Ok && !Err.empty()) {
    std::fprintf(stderr, "success with an error message: %s\n", Err.c_str());
    std::abort();
  }
  return 0;
}
