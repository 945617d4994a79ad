//===--- npy_input.h - .npy buffers for `wavesan diff` ----------------------===//
///
/// \file
/// Reads a NumPy .npy file (format versions 1.0-3.0) into memory with its
/// dtype string, shape and order. The header is read and checked by wavesan's
/// own bounded parser (npy_header.h) before anything is allocated for the data.
/// Every failure throws InputError naming the file and what was expected: a
/// missing or unreadable file, a file that is not .npy (a malformed or oversized
/// header), a big-endian or unsupported dtype, data shorter or longer than the
/// header's shape.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

namespace wavesan::cli {

/// An input file that cannot be used (exit status 2); what() names the file.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One .npy array, its bytes as stored (little-endian elements).
struct NpyArray {
  std::string Path;
  char Kind = 0;           ///< NumPy kind: 'f' float, 'i' signed, 'u' unsigned, 'b' bool, ...
  size_t ItemBytes = 0;    ///< element size in bytes
  std::string Descr;       ///< the header's dtype string, e.g. "<f4", "|u1"
  std::vector<size_t> Shape;
  bool Fortran = false;    ///< column-major (fortran_order: True)
  std::vector<std::byte> Data;

  size_t size() const; ///< number of elements (1 for a 0-d array)
  /// Shape as NumPy prints it: "(2, 3)", "(5,)", "()".
  std::string shapeString() const;
  /// A short dtype name for messages: "float32", "uint8", ... (the descr otherwise).
  std::string dtypeString() const;
};

/// Reads \p Path (\p Role names the option it came from, e.g. "--a", for messages).
NpyArray loadNpy(const std::string &Path, const std::string &Role);

/// Reads a .npy file of \p FileBytes bytes from \p In (loadNpy after its file checks;
/// the fuzz target calls it on memory). \p Path and \p Role name it in messages.
NpyArray readNpy(std::istream &In, uint64_t FileBytes, const std::string &Path,
                 const std::string &Role);

} // namespace wavesan::cli
