//===--- npy_header.h - the bounded .npy header parser of `wavesan diff` ---===//
///
/// \file
/// A NumPy .npy file starts with the magic "\x93NUMPY", a version byte pair, the
/// header's length (2 bytes little-endian in version 1.0, 4 in 2.0 and 3.0) and the
/// header: a Python dictionary literal with exactly the keys 'descr' (a dtype
/// string), 'fortran_order' (True or False) and 'shape' (a tuple of non-negative
/// integers), padded with spaces and ended by a newline (NumPy's format.py, "Format
/// Version 1.0"). readNpyHeader reads and checks all of it before anything is
/// allocated for the data: the length is bounded (NumPy's own max_header_size), the
/// dictionary is parsed in one pass without recursion, and every error says where in
/// the header and what was expected.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace wavesan::cli {

/// Why a header cannot be read; what() says what is wrong and what was expected
/// (without the file's name: the caller adds it).
struct NpyHeaderError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The longest header accepted: NumPy's default `max_header_size` (numpy.load refuses
/// longer headers too). A header NumPy writes for 64 dimensions is under 2 KB.
constexpr uint64_t MaxNpyHeaderBytes = 10000;
/// The most dimensions a shape may have (NPY_MAXDIMS of NumPy 2).
constexpr size_t MaxNpyDims = 64;

/// A .npy header: what the dictionary says and where the data starts.
struct NpyHeader {
  unsigned Major = 0, Minor = 0; ///< format version, 1.0 to 3.0
  std::string Descr;             ///< 'descr' as written, e.g. "<f4"
  bool Fortran = false;          ///< 'fortran_order'
  std::vector<size_t> Shape;     ///< 'shape'; empty for a 0-d array
  uint64_t DataOffset = 0;       ///< bytes before the data (magic to the header's end)
};

/// Parses the dictionary text \p Text (the header after the length field) into \p Out's
/// Descr, Fortran and Shape. Throws NpyHeaderError naming the byte offset in the header,
/// e.g. "header byte 52: expected a non-negative integer in 'shape', found 'a'".
void parseNpyDictionary(std::string_view Text, NpyHeader &Out);

/// Reads the magic, the version, the header length and the header from \p In, whose
/// whole size is \p FileBytes, and parses it. The length is checked against
/// MaxNpyHeaderBytes and \p FileBytes before the header is read. Throws NpyHeaderError.
NpyHeader readNpyHeader(std::istream &In, uint64_t FileBytes);

} // namespace wavesan::cli
