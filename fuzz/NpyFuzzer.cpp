//===--- NpyFuzzer.cpp - libFuzzer target: the .npy reader of `wavesan diff` ===//
///
/// Any bytes as a .npy file (readNpy: the bounded header parser, the dtype and
/// the data size). Beyond "no crash, no leak, no uncaught exception": a refusal
/// names the option and the file first (the documented message shape); an
/// accepted file's data is exactly its shape's bytes, its header fits the bound,
/// and the header NumPy would write for the array parses back to the same
/// dtype, order and shape (round trip).
///
//===----------------------------------------------------------------------===//
#include "npy_header.h"
#include "npy_input.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

namespace {
[[noreturn]] void fail(const char *What, const std::string &Detail) {
  std::fprintf(stderr, "%s: %s\n", What, Detail.c_str());
  std::abort();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  using namespace wavesan::cli;
  const std::string Bytes(reinterpret_cast<const char *>(Data), Size);
  std::istringstream In(Bytes);
  NpyArray A;
  try {
    A = readNpy(In, Size, "fuzz.npy", "--input");
  } catch (const InputError &E) {
    if (std::string_view(E.what()).rfind("--input 'fuzz.npy': ", 0) != 0)
      fail("error does not name the file", E.what());
    return 0;
  }
  if (A.Data.size() != A.size() * A.ItemBytes)
    fail("data size differs from the shape's", A.shapeString() + " of " + A.Descr);
  if (Size - A.Data.size() > 12 + MaxNpyHeaderBytes)
    fail("header longer than the bound", std::to_string(Size - A.Data.size()));
  // The header numpy.save writes for this array (without padding).
  const std::string Header = "{'descr': '" + A.Descr + "', 'fortran_order': " +
                             (A.Fortran ? "True" : "False") + ", 'shape': " + A.shapeString() +
                             ", }\n";
  NpyHeader Again;
  try {
    parseNpyDictionary(Header, Again);
  } catch (const NpyHeaderError &E) {
    fail("round trip refused", Header + E.what());
  }
  if (Again.Descr != A.Descr || Again.Fortran != A.Fortran || Again.Shape != A.Shape)
    fail("round trip differs", Header);
  return 0;
}
