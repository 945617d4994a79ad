//===--- npy_header.cpp - the bounded .npy header parser --------------------===//
///
/// \file
/// npy_header.h: one left-to-right pass over the header with a cursor; every loop
/// advances it, so the work is linear in the header's length (itself bounded), and
/// nothing recurses. The grammar is the subset of Python literals NumPy writes and
/// numpy.load accepts for a plain dtype:
///   header := ws '{' (entry (',' entry)* ','?)? ws '}' ws
///   entry  := ws string ws ':' ws value ws
///   value  := string | 'True' | 'False' | '(' (int (',' int)* ','?)? ')'
/// where a one-element tuple needs its comma, as in Python, and strings are quoted
/// with ' or " and have no escapes.
///
//===----------------------------------------------------------------------===//
#include "npy_header.h"

#include <array>
#include <cctype>
#include <limits>

namespace wavesan::cli {
namespace {

/// A byte as a message shows it: 'a', or \xNN for a non-printable one.
std::string shown(char C) {
  const auto U = static_cast<unsigned char>(C);
  if (U >= 0x20 && U < 0x7f)
    return std::string("'") + C + "'";
  static const char Hex[] = "0123456789abcdef";
  return std::string("'\\x") + Hex[U >> 4] + Hex[U & 15] + "'";
}

class Cursor {
public:
  explicit Cursor(std::string_view Text) : Text(Text) {}

  [[noreturn]] void fail(const std::string &Expected) const {
    throw NpyHeaderError("header byte " + std::to_string(Pos) + ": expected " + Expected +
                         ", found " + (atEnd() ? std::string("the end of the header")
                                               : shown(Text[Pos])));
  }
  bool atEnd() const { return Pos >= Text.size(); }
  char peek() const { return atEnd() ? '\0' : Text[Pos]; }
  void skipSpace() {
    while (!atEnd() && (Text[Pos] == ' ' || Text[Pos] == '\t' || Text[Pos] == '\n' ||
                        Text[Pos] == '\r'))
      ++Pos;
  }
  void expect(char C, const char *What) {
    skipSpace();
    if (peek() != C)
      fail(What);
    ++Pos;
  }
  /// A quoted string without escapes.
  std::string string(const char *What) {
    skipSpace();
    const char Quote = peek();
    if (Quote != '\'' && Quote != '"')
      fail(What);
    const size_t Start = ++Pos;
    while (!atEnd() && Text[Pos] != Quote) {
      if (Text[Pos] == '\\' || Text[Pos] == '\n')
        fail(std::string("the closing ") + Quote + " of the string (no escapes or newlines)");
      ++Pos;
    }
    if (atEnd())
      fail(std::string("the closing ") + Quote + " of the string");
    return std::string(Text.substr(Start, Pos++ - Start));
  }
  bool word(std::string_view W) {
    if (Text.substr(Pos, W.size()) != W)
      return false;
    const size_t End = Pos + W.size();
    if (End < Text.size() && (std::isalnum(static_cast<unsigned char>(Text[End])) ||
                              Text[End] == '_'))
      return false;
    Pos = End;
    return true;
  }
  bool boolean() {
    skipSpace();
    if (word("True"))
      return true;
    if (word("False"))
      return false;
    fail("True or False for 'fortran_order'");
  }
  size_t integer() {
    skipSpace();
    if (peek() < '0' || peek() > '9')
      fail("a non-negative integer in 'shape'");
    const size_t Start = Pos;
    size_t V = 0;
    while (peek() >= '0' && peek() <= '9') {
      const size_t D = static_cast<size_t>(Text[Pos] - '0');
      if (V > (std::numeric_limits<size_t>::max() - D) / 10)
        throw NpyHeaderError("header byte " + std::to_string(Start) +
                             ": a dimension of 'shape' is larger than 2^64 - 1");
      V = V * 10 + D;
      ++Pos;
    }
    if (Text[Start] == '0' && Pos - Start > 1) {
      Pos = Start + 1;
      fail("',' or ')' after 0 (Python integers have no leading zeros)");
    }
    return V;
  }
  std::vector<size_t> shape() {
    expect('(', "'(' starting the tuple 'shape'");
    std::vector<size_t> Dims;
    bool Comma = false; // a comma after the last dimension
    for (;;) {
      skipSpace();
      if (peek() == ')')
        break;
      if (!Dims.empty() && !Comma)
        fail("',' or ')' in 'shape'");
      if (Dims.size() == MaxNpyDims)
        throw NpyHeaderError("header byte " + std::to_string(Pos) + ": 'shape' has more than " +
                             std::to_string(MaxNpyDims) + " dimensions");
      Dims.push_back(integer());
      skipSpace();
      Comma = peek() == ',';
      if (Comma)
        ++Pos;
    }
    if (Dims.size() == 1 && !Comma)
      fail("',' before ')': a one-dimensional shape is written (n,)");
    ++Pos; // ')'
    return Dims;
  }

  size_t Pos = 0;

private:
  std::string_view Text;
};

/// Little-endian unsigned integer of \p N bytes (read as unsigned char, not char).
uint64_t littleEndian(const unsigned char *B, size_t N) {
  uint64_t V = 0;
  for (size_t I = N; I-- > 0;)
    V = V << 8 | B[I];
  return V;
}

} // namespace

void parseNpyDictionary(std::string_view Text, NpyHeader &Out) {
  Cursor C(Text);
  C.expect('{', "'{' starting the header dictionary");
  std::array<bool, 3> Seen{}; // descr, fortran_order, shape
  for (;;) {
    C.skipSpace();
    if (C.peek() == '}')
      break;
    const size_t KeyPos = C.Pos;
    const std::string Key = C.string("a quoted key or '}'");
    const size_t Index = Key == "descr" ? 0 : Key == "fortran_order" ? 1 : Key == "shape" ? 2 : 3;
    if (Index == 3)
      throw NpyHeaderError("header byte " + std::to_string(KeyPos) + ": unexpected key '" + Key +
                           "'; expected 'descr', 'fortran_order' and 'shape'");
    if (Seen[Index])
      throw NpyHeaderError("header byte " + std::to_string(KeyPos) + ": key '" + Key +
                           "' given twice");
    Seen[Index] = true;
    C.expect(':', "':' after the key");
    C.skipSpace();
    if (Index == 0) {
      if (C.peek() == '[')
        throw NpyHeaderError("header byte " + std::to_string(C.Pos) +
                             ": 'descr' is a structured (record) dtype; expected a plain "
                             "numeric dtype such as '<f4'");
      Out.Descr = C.string("a dtype string such as '<f4' for 'descr'");
    } else if (Index == 1) {
      Out.Fortran = C.boolean();
    } else {
      Out.Shape = C.shape();
    }
    C.skipSpace();
    if (C.peek() == ',')
      ++C.Pos;
    else if (C.peek() != '}')
      C.fail("',' or '}' after the value of '" + Key + "'");
  }
  ++C.Pos; // '}'
  C.skipSpace();
  if (!C.atEnd())
    C.fail("only spaces and a newline after the header dictionary");
  const char *const Names[] = {"descr", "fortran_order", "shape"};
  for (size_t I = 0; I < Seen.size(); ++I)
    if (!Seen[I])
      throw NpyHeaderError(std::string("the header dictionary has no '") + Names[I] +
                           "' key; expected 'descr', 'fortran_order' and 'shape'");
}

NpyHeader readNpyHeader(std::istream &In, uint64_t FileBytes) {
  NpyHeader H;
  unsigned char Pre[12];
  if (FileBytes < 10 || !In.read(reinterpret_cast<char *>(Pre), 8))
    throw NpyHeaderError("the file has " + std::to_string(FileBytes) +
                         " bytes; a .npy file starts with at least 10 (magic, version, "
                         "header length)");
  if (std::string_view(reinterpret_cast<const char *>(Pre), 6) != "\x93NUMPY")
    throw NpyHeaderError("no \\x93NUMPY magic at the start");
  H.Major = Pre[6];
  H.Minor = Pre[7];
  if (H.Major < 1 || H.Major > 3 || H.Minor != 0)
    throw NpyHeaderError("format version " + std::to_string(H.Major) + "." +
                         std::to_string(H.Minor) + "; expected 1.0, 2.0 or 3.0");
  const size_t LenBytes = H.Major == 1 ? 2 : 4;
  if (!In.read(reinterpret_cast<char *>(Pre + 8), std::streamsize(LenBytes)))
    throw NpyHeaderError("the file ends inside the header length");
  const uint64_t Len = littleEndian(Pre + 8, LenBytes);
  H.DataOffset = 8 + LenBytes + Len;
  if (Len > MaxNpyHeaderBytes)
    throw NpyHeaderError("the header length is " + std::to_string(Len) + " bytes; expected at " +
                         "most " + std::to_string(MaxNpyHeaderBytes) +
                         " (NumPy's max_header_size)");
  if (H.DataOffset > FileBytes)
    throw NpyHeaderError("the header length is " + std::to_string(Len) + " bytes but the file "
                         "has " + std::to_string(FileBytes - 8 - LenBytes) +
                         " after the length field (truncated?)");
  std::string Text(Len, '\0');
  if (Len && !In.read(Text.data(), std::streamsize(Len)))
    throw NpyHeaderError("read error in the header");
  parseNpyDictionary(Text, H);
  return H;
}

} // namespace wavesan::cli
