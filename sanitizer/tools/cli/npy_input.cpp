//===--- npy_input.cpp - .npy buffers for `wavesan diff` --------------------===//
///
/// \file
/// The file checks, then the header (npy_header.cpp, bounded, before any allocation
/// for the data), the dtype and the data size against the shape; then the data.
///
//===----------------------------------------------------------------------===//
#include "npy_input.h"

#include "npy_header.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string_view>

namespace wavesan::cli {

size_t NpyArray::size() const {
  size_t N = 1;
  for (size_t D : Shape)
    N *= D;
  return N;
}

std::string NpyArray::shapeString() const {
  std::string S = "(";
  for (size_t I = 0; I < Shape.size(); ++I)
    S += (I ? ", " : "") + std::to_string(Shape[I]);
  return S + (Shape.size() == 1 ? ",)" : ")");
}

std::string NpyArray::dtypeString() const {
  std::string Base;
  switch (Kind) {
  case 'f': Base = "float"; break;
  case 'i': Base = "int"; break;
  case 'u': Base = "uint"; break;
  default: return Descr;
  }
  return Base + std::to_string(ItemBytes * 8);
}

NpyArray loadNpy(const std::string &Path, const std::string &Role) {
  const std::string Who = Role + " '" + Path + "'";
  std::error_code Ec;
  if (!std::filesystem::exists(Path, Ec))
    throw InputError(Who + ": no such file");
  if (std::filesystem::is_directory(Path, Ec))
    throw InputError(Who + ": is a directory; expected a .npy file");
  if (!std::filesystem::is_regular_file(Path, Ec))
    throw InputError(Who + ": not a regular file; expected a .npy file");
  const auto FileBytes = std::filesystem::file_size(Path, Ec);
  if (Ec)
    throw InputError(Who + ": cannot read its size (" + Ec.message() + "); expected a .npy file");
  errno = 0;
  std::ifstream S(Path, std::ios::binary);
  if (!S)
    throw InputError(Who + ": cannot open" +
                     (errno ? std::string(" (") + std::strerror(errno) + ")" : std::string()) +
                     "; expected a readable .npy file");
  return readNpy(S, FileBytes, Path, Role);
}

NpyArray readNpy(std::istream &S, uint64_t FileBytes, const std::string &Path,
                 const std::string &Role) {
  const std::string Who = Role + " '" + Path + "'";
  NpyArray A;
  A.Path = Path;
  NpyHeader H;
  try {
    H = readNpyHeader(S, FileBytes);
  } catch (const NpyHeaderError &E) {
    throw InputError(Who + ": not a valid .npy file (" + E.what() +
                     "); expected NumPy's format (numpy.save)");
  }
  A.Descr = H.Descr;
  A.Fortran = H.Fortran;
  A.Shape = H.Shape;
  // descr: byte order ('<' little, '|' not applicable, '=' native: x86 is little),
  // kind, item size in bytes.
  if (A.Descr.size() < 3 || A.Descr.find_first_of("<|=>") != 0)
    throw InputError(Who + ": dtype '" + A.Descr + "' is not a plain numeric dtype");
  if (A.Descr[0] == '>')
    throw InputError(Who + ": dtype '" + A.Descr + "' is big-endian; expected little-endian "
                     "(numpy: a.astype(a.dtype.newbyteorder('<')))");
  A.Kind = A.Descr[1];
  if (std::string_view("biufc").find(A.Kind) == std::string_view::npos)
    throw InputError(Who + ": dtype '" + A.Descr + "' is not a plain numeric dtype (kind '" +
                     A.Kind + "'; expected b, i, u, f or c)");
  // The item size: 1 or 2 decimal digits, nothing else ('<f4', '|u1', '<c16').
  const std::string Size = A.Descr.substr(2);
  if (Size.empty() || Size.size() > 2 ||
      Size.find_first_not_of("0123456789") != std::string::npos)
    throw InputError(Who + ": dtype '" + A.Descr + "' is not a plain numeric dtype");
  A.ItemBytes = std::stoul(Size);
  if (A.ItemBytes == 0 || A.ItemBytes > 16)
    throw InputError(Who + ": dtype '" + A.Descr + "' is not a plain numeric dtype");

  size_t N = 1;
  for (size_t D : A.Shape) {
    if (D != 0 && N > std::numeric_limits<size_t>::max() / D)
      throw InputError(Who + ": shape " + A.shapeString() +
                       " has more than 2^64 - 1 elements");
    N *= D;
  }
  if (N > std::numeric_limits<size_t>::max() / A.ItemBytes)
    throw InputError(Who + ": shape " + A.shapeString() + " of " + A.Descr +
                     " has more than 2^64 - 1 bytes of data");
  const size_t Bytes = N * A.ItemBytes;
  const uint64_t Have = FileBytes > H.DataOffset ? FileBytes - H.DataOffset : 0;
  if (Have != Bytes)
    throw InputError(Who + ": the header says " + A.shapeString() + " of " + A.Descr + " (" +
                     std::to_string(Bytes) + " bytes of data) but the file has " +
                     std::to_string(Have) + " bytes after the header" +
                     (Have < Bytes ? " (truncated?)" : ""));
  A.Data.resize(Bytes);
  if (Bytes && !S.read(reinterpret_cast<char *>(A.Data.data()), std::streamsize(Bytes)))
    throw InputError(Who + ": read error after the header");
  return A;
}

} // namespace wavesan::cli
