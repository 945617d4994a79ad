// `wavesan diff` on hand-made .npy files (part of integ_cli_test): headers NumPy writes
// but with a length byte of 0x80 or more, and malformed or hostile headers, each refused
// with exit 2 naming the file, the header byte and what was expected. The bytes are
// written here by hand (format: NumPy's format.py, "Format Version 1.0"): the magic
// "\x93NUMPY", the version, the header length (2 bytes little-endian in 1.0, 4 in 2.0),
// the header. Expected messages are written out, not computed.
#include "AsanBuild.h"
#include "CliTestUtil.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <string>

namespace {

using cli_test::CliRun;

class IntegNpy : public cli_test::TempDirTest {
protected:
  /// Writes a .npy file: \p Major.0, the header \p Header, then \p Data; the length
  /// field holds \p Length (the header's size unless given).
  std::string file(const std::string &Name, unsigned Major, const std::string &Header,
                   const std::string &Data, uint64_t Length = UINT64_MAX) {
    if (Length == UINT64_MAX)
      Length = Header.size();
    std::string Bytes = "\x93NUMPY";
    Bytes += static_cast<char>(Major);
    Bytes += '\0';
    for (unsigned I = 0; I < (Major == 1 ? 2u : 4u); ++I)
      Bytes += static_cast<char>((Length >> (8 * I)) & 0xff);
    Bytes += Header + Data;
    std::ofstream(path(Name), std::ios::binary) << Bytes;
    return path(Name);
  }
  /// One float32 1.0f (0x3f800000, little-endian).
  static std::string oneFloat() { return std::string("\x00\x00\x80\x3f", 4); }
  /// The reduction's output, y = (1.0,) as float32.
  std::string output() {
    return file("y.npy", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }\n",
                oneFloat());
  }
  /// `wavesan diff --op reduce` of \p In against y = (1.0,), under a 2 GB address-space
  /// limit (a header length taken as an allocation size fails instead of using 8 GB).
  /// ASan (scripts/test-asan) reserves terabytes of shadow memory and cannot start under
  /// that limit: there, ASan's own limit on one allocation stands in for it.
  CliRun reduce(const std::string &In) {
    const std::string Limit =
        wavesan::test::AsanBuild
            ? "export ASAN_OPTIONS='" +
                  wavesan::test::asanOptionsWith("max_allocation_size_mb=2000") + "'; "
            : "ulimit -v 2000000; ";
    return cli_test::runShell(Limit + "'" + std::string(WAVESAN_CLI) +
                                  "' diff --op reduce --input '" + In + "' --output '" +
                                  output() + "'",
                              Dir);
  }
  /// The message of a refused --input \p In: "not a valid .npy file (<Why>); ...".
  std::string refusal(const std::string &In, const std::string &Why) {
    return "wavesan diff: error: --input '" + In + "': not a valid .npy file (" + Why +
           "); expected NumPy's format (numpy.save)\n";
  }
};

// A header of 182 bytes (0xb6): 10 + 182 = 192, a multiple of 64, as numpy.save pads. The
// length byte read as a signed char was -74 and the file was refused.
TEST_F(IntegNpy, HeaderLengthByteAbove127IsRead) {
  std::string Header = "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }";
  Header += std::string(181 - Header.size(), ' ') + "\n";
  ASSERT_EQ(Header.size(), 0xb6u);
  const std::string In = file("x.npy", 1, Header, oneFloat());
  const CliRun R = reduce(In);
  EXPECT_EQ(R.Status, 0) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("matches"), std::string::npos) << R.Out;
}

// A 30 KB header (a dtype string of 30000 digits): refused by its length, before parsing
// (it crashed in a recursive regular expression).
TEST_F(IntegNpy, LongHeaderIsRefusedWithTheBound) {
  const std::string Header = "{'descr': '<f" + std::string(30000, '4') +
                             "', 'fortran_order': False, 'shape': (1,), }\n";
  const std::string In = file("x.npy", 2, Header, oneFloat());
  const CliRun R = reduce(In);
  EXPECT_EQ(R.Status, 2) << R.Out << R.Err;
  EXPECT_EQ(R.Err, refusal(In, "the header length is 30057 bytes; expected at most 10000 "
                               "(NumPy's max_header_size)"));
}

// 14 bytes that declare a header of 4 GiB - 16: refused at once, nothing allocated.
TEST_F(IntegNpy, DeclaredHugeHeaderInATinyFileIsRefused) {
  const std::string In = file("x.npy", 2, "{}", "", 0xfffffff0u);
  const CliRun R = reduce(In);
  EXPECT_EQ(R.Status, 2) << R.Out << R.Err;
  EXPECT_EQ(R.Err, refusal(In, "the header length is 4294967280 bytes; expected at most "
                               "10000 (NumPy's max_header_size)"));
}

TEST_F(IntegNpy, HeaderLongerThanTheFileIsRefused) {
  const std::string In = file("x.npy", 1, "{'descr'", "", 200);
  const CliRun R = reduce(In);
  EXPECT_EQ(R.Status, 2) << R.Out << R.Err;
  EXPECT_EQ(R.Err, refusal(In, "the header length is 200 bytes but the file has 8 after the "
                               "length field (truncated?)"));
}

// Each malformed header, with the byte offset and what was expected. Offsets by hand:
// "{'descr': '<f4', 'fortran_order': False, 'shape': (" is 51 bytes.
TEST_F(IntegNpy, MalformedHeadersNameTheByteAndWhatWasExpected) {
  struct Case {
    const char *Header, *Why;
  } Cases[] = {
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (abc,), }\n",
       "header byte 51: expected a non-negative integer in 'shape', found 'a'"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }\n",
       "header byte 51: expected a non-negative integer in 'shape', found '-'"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (1), }\n",
       "header byte 52: expected ',' before ')': a one-dimensional shape is written (n,), "
       "found ')'"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (1 2), }\n",
       "header byte 53: expected ',' or ')' in 'shape', found '2'"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }\n",
       "header byte 51: a dimension of 'shape' is larger than 2^64 - 1"},
      {"{'descr': '<f4', 'fortran_order': Maybe, 'shape': (1,), }\n",
       "header byte 34: expected True or False for 'fortran_order', found 'M'"},
      {"{'descr': '<f4', 'shape': (1,), }\n",
       "the header dictionary has no 'fortran_order' key; expected 'descr', 'fortran_order' "
       "and 'shape'"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'extra': 1}\n",
       "header byte 56: unexpected key 'extra'; expected 'descr', 'fortran_order' and 'shape'"},
      {"{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (1,)}\n",
       "header byte 17: key 'descr' given twice"},
      {"{'descr': [('x', '<f4')], 'fortran_order': False, 'shape': (1,), }\n",
       "header byte 10: 'descr' is a structured (record) dtype; expected a plain numeric dtype "
       "such as '<f4'"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (1,), } junk\n",
       "header byte 58: expected only spaces and a newline after the header dictionary, found "
       "'j'"},
      {"{'descr': '<f4\n",
       "header byte 14: expected the closing ' of the string (no escapes or newlines), found "
       "'\\x0a'"},
      {"['descr', '<f4']\n", "header byte 0: expected '{' starting the header dictionary, "
                             "found '['"},
      {"", "header byte 0: expected '{' starting the header dictionary, found the end of the "
           "header"},
  };
  for (const Case &C : Cases) {
    const std::string In = file("x.npy", 1, C.Header, oneFloat());
    const CliRun R = reduce(In);
    EXPECT_EQ(R.Status, 2) << C.Header << R.Out << R.Err;
    EXPECT_EQ(R.Err, refusal(In, C.Why)) << C.Header;
  }
}

TEST_F(IntegNpy, TooManyDimensionsAreRefused) {
  std::string Shape;
  for (int I = 0; I < 65; ++I)
    Shape += "1,";
  const std::string In =
      file("x.npy", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (" + Shape + "), }\n",
           oneFloat());
  const CliRun R = reduce(In);
  EXPECT_EQ(R.Status, 2) << R.Out << R.Err;
  // The 65th dimension starts after 64 "1," pairs: byte 51 + 128 = 179.
  EXPECT_EQ(R.Err, refusal(In, "header byte 179: 'shape' has more than 64 dimensions"));
}

TEST_F(IntegNpy, BadMagicVersionAndDtypeAreRefused) {
  const std::string Magic = path("magic.npy");
  std::ofstream(Magic, std::ios::binary) << std::string("\x93NUMPZ\x01\x00\x02\x00{}", 12);
  CliRun R = reduce(Magic);
  EXPECT_EQ(R.Status, 2);
  EXPECT_EQ(R.Err, refusal(Magic, "no \\x93NUMPY magic at the start"));
  const std::string V4 = file("v4.npy", 4, "{}", "");
  R = reduce(V4);
  EXPECT_EQ(R.Status, 2);
  EXPECT_EQ(R.Err, refusal(V4, "format version 4.0; expected 1.0, 2.0 or 3.0"));
  const std::string Str =
      file("s.npy", 1, "{'descr': '<U4', 'fortran_order': False, 'shape': (1,), }\n",
           std::string(16, 'a'));
  R = reduce(Str);
  EXPECT_EQ(R.Status, 2);
  EXPECT_EQ(R.Err, "wavesan diff: error: --input '" + Str +
                       "': dtype '<U4' is not a plain numeric dtype (kind 'U'; expected b, i, "
                       "u, f or c)\n");
}

// Spaces where NumPy puts none, double quotes and no trailing comma: still the same array.
TEST_F(IntegNpy, OtherValidSpellingsAreRead) {
  const std::string In = file(
      "x.npy", 3, "{ \"shape\" : ( 1 , ) , \"fortran_order\":True,\"descr\":\"<f4\"}  \n",
      oneFloat());
  const CliRun R = reduce(In);
  EXPECT_EQ(R.Status, 0) << R.Out << R.Err;
}

} // namespace
