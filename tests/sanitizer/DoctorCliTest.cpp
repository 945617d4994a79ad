//===--- DoctorCliTest.cpp - `wavesan doctor`: goldens and exit codes -------===//
//
// Runs the built bin/wavesan (WAVESAN_CLI) in testdata/doctor/ (or a
// subdirectory holding a tuning file) with a clean environment, so the output
// is the same on every machine, and compares it with the goldens in
// testdata/doctor/expected/.
//
//===----------------------------------------------------------------------===//
#include "CliTestUtil.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

const std::string Dir = std::string(WAVESAN_TESTDATA_DIR) + "/doctor";

using cli_test::CliRun;
using cli_test::slurp;

/// `cd <Cwd> && env -i <Env> wavesan doctor <Args>`; Env "" keeps this process's environment.
CliRun doctor(const std::string &Cwd, const std::string &Env, const std::string &Args) {
  // One file per test process: ctest -j runs the DoctorCli tests in parallel processes,
  // and a shared name let one test read another's stderr.
  const std::string ErrFile =
      testing::TempDir() + "doctor_cli_stderr_" + std::to_string(getpid()) + ".txt";
  const std::string Cmd = "cd '" + Cwd + "' && " + (Env.empty() ? "" : "env -i " + Env + " ") +
                          "'" WAVESAN_CLI "' doctor " + Args + " 2>'" + ErrFile + "'";
  CliRun R;
  FILE *P = popen(Cmd.c_str(), "r");
  if (!P)
    return R;
  char Buf[4096];
  size_t N;
  while ((N = fread(Buf, 1, sizeof Buf, P)) > 0)
    R.Out.append(Buf, N);
  const int Status = pclose(P);
  R.Status = WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
  R.Err = slurp(ErrFile);
  std::filesystem::remove(ErrFile);
  return R;
}

/// No PATH that holds rocminfo or amd-smi; --no-hip keeps the HIP runtime out.
const std::string NoTools = "PATH=/nonexistent";

const std::string GoodInputs = "--no-hip --rocminfo-output ../rocminfo-mi300x-8gpu.txt "
                               "--amd-smi-partition-output ../amd-smi-partition-spx-nps1.txt "
                               "--amd-smi-topology-output ../amd-smi-topology-8gpu-xgmi.txt "
                               "--proc-root ../proc-balancing-off";

const std::string BadInputs = "--no-hip --rocminfo-output ../rocminfo-mi300x-8gpu.txt "
                              "--amd-smi-partition-output ../amd-smi-partition-spx-nps4.txt "
                              "--amd-smi-topology-output ../amd-smi-topology-4gpu-pcie.txt "
                              "--proc-root ../proc-balancing-on";

} // namespace

TEST(DoctorCli, GoodNodeTextGolden) {
  const CliRun R = doctor(Dir + "/tuning-present", NoTools + " PYTORCH_TUNABLEOP_ENABLED=1",
                          GoodInputs + " --strict");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_EQ(R.Out, slurp(Dir + "/expected/good-node.txt"));
  EXPECT_EQ(R.Err, "");
}

TEST(DoctorCli, BadNodeJsonGoldenAndStrict) {
  const CliRun R = doctor(Dir + "/tuning-empty", NoTools, BadInputs + " --format=json");
  EXPECT_EQ(R.Status, 0) << R.Err; // warnings alone never fail without --strict
  EXPECT_EQ(R.Out, slurp(Dir + "/expected/bad-node.json"));
  const nlohmann::json J = nlohmann::json::parse(R.Out);
  // Hand count of the bad node: compute partition SPX passes, gfx target, wave size and
  // FP8 format pass; memory (NPS4 without CPX), links (PCIe pairs), NUMA balancing on,
  // TunableOp unset, the tuning file without results warn.
  EXPECT_EQ(J["summary"]["pass"], 4);
  EXPECT_EQ(J["summary"]["warn"], 5);
  EXPECT_EQ(J["summary"]["unknown"], 0);
  EXPECT_EQ(doctor(Dir + "/tuning-empty", NoTools, BadInputs + " --strict").Status, 1);
}

TEST(DoctorCli, MissingToolsTextGolden) {
  const CliRun R = doctor(Dir, NoTools, "--no-hip --proc-root ./no-such-proc");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_EQ(R.Out, slurp(Dir + "/expected/missing-tools.txt"));
  // --strict fails on the warnings (TunableOp off, no tuning file), not on unknown rows.
  EXPECT_EQ(doctor(Dir, NoTools, "--no-hip --proc-root ./no-such-proc --strict").Status, 1);
}

TEST(DoctorCli, UsageErrorsExit2) {
  CliRun R = doctor(Dir, NoTools, "--rocminfo-output no-such-file.txt");
  EXPECT_EQ(R.Status, 2);
  EXPECT_EQ(R.Err,
            "wavesan doctor: error: --rocminfo-output='no-such-file.txt': cannot read the file\n");
  EXPECT_EQ(R.Out, "");
  R = doctor(Dir, NoTools, "--format=yaml");
  EXPECT_EQ(R.Status, 2);
  EXPECT_EQ(R.Err, "wavesan doctor: error: --format='yaml': expected text or json\n");
  R = doctor(Dir, NoTools, "--timeout=0");
  EXPECT_EQ(R.Status, 2);
  EXPECT_EQ(R.Err, "wavesan doctor: error: --timeout=0: expected a number of seconds above 0 "
                   "and at most 3600\n");
  EXPECT_EQ(doctor(Dir, NoTools, "--timeout=1e300").Status, 2);
  R = doctor(Dir, NoTools, "--help");
  EXPECT_EQ(R.Status, 0);
  EXPECT_NE(R.Out.find("--amd-smi-topology-output=<file>"), std::string::npos);
}

/// The lines of \p Text longer than \p Width characters ("" when none).
std::string linesLongerThan(const std::string &Text, size_t Width) {
  std::string Long;
  std::istringstream In(Text);
  for (std::string Line; std::getline(In, Line);)
    if (Line.size() > Width)
      Long += Line + "\n";
  return Long;
}

// A terminal narrower than the table (300 columns on the good node) gets one block per
// item, every line within the width; the golden was read through by hand: each item's
// check, status, observed value, source and fix or note, none lost or cut mid-word.
TEST(DoctorCli, WidthWrapsTheTextToTheColumns) {
  const CliRun R = doctor(Dir + "/tuning-present", NoTools + " PYTORCH_TUNABLEOP_ENABLED=1",
                          GoodInputs + " --width=60");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_EQ(R.Out, slurp(Dir + "/expected/good-node-width60.txt"));
  EXPECT_EQ(linesLongerThan(R.Out, 60), "");
  // A path longer than the line is cut, not left overflowing: 40 columns less the
  // 12 of "  source    " leave 28 characters of the 47 of the path.
  const CliRun Narrow = doctor(Dir + "/tuning-present", NoTools + " PYTORCH_TUNABLEOP_ENABLED=1",
                               GoodInputs + " --width=40");
  EXPECT_EQ(linesLongerThan(Narrow.Out, 40), "");
  EXPECT_NE(Narrow.Out.find("  source    ../proc-balancing-off/sys/ke\n"
                            "            rnel/numa_balancing\n"),
            std::string::npos)
      << Narrow.Out;
  // 0, or a width the table fits in, keeps the table.
  const std::string Table = slurp(Dir + "/expected/good-node.txt");
  for (const char *W : {" --width=0", " --width=400"})
    EXPECT_EQ(doctor(Dir + "/tuning-present", NoTools + " PYTORCH_TUNABLEOP_ENABLED=1",
                     GoodInputs + W).Out,
              Table)
        << W;
  CliRun Bad = doctor(Dir, NoTools, "--width=10001");
  EXPECT_EQ(Bad.Status, 2);
  EXPECT_EQ(Bad.Err, "wavesan doctor: error: --width=10001: expected a number of columns from "
                     "0 (no wrapping) to 10000\n");
  Bad = doctor(Dir, NoTools, "--width=wide");
  EXPECT_EQ(Bad.Status, 2);
  EXPECT_EQ(Bad.Err, "wavesan doctor: error: --width='wide': expected a non-negative integer\n");
}

// Output to a pipe or a file stays the table whatever COLUMNS says (scripts and the goldens
// see the same text on every machine); on a terminal COLUMNS sets the width. The terminal
// is script(1)'s pseudo-terminal (util-linux); the test skips without it.
TEST(DoctorCli, TerminalWidthAppliesToATerminalOnly) {
  const std::string Env = NoTools + " PYTORCH_TUNABLEOP_ENABLED=1 COLUMNS=60";
  EXPECT_EQ(doctor(Dir + "/tuning-present", Env, GoodInputs).Out,
            slurp(Dir + "/expected/good-node.txt"));
  if (std::system("command -v script >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "script(1) not found: no pseudo-terminal to run the CLI on";
  const std::string Cmd = "cd '" + Dir + "/tuning-present' && env -i " + Env +
                          " /usr/bin/script -qec \"'" WAVESAN_CLI "' doctor " + GoodInputs +
                          "\" /dev/null";
  std::string Out;
  FILE *P = popen(Cmd.c_str(), "r");
  ASSERT_NE(P, nullptr);
  char Buf[4096];
  for (size_t N; (N = fread(Buf, 1, sizeof Buf, P)) > 0;)
    Out.append(Buf, N);
  pclose(P);
  std::erase(Out, '\r'); // the terminal's line ends
  EXPECT_EQ(Out, slurp(Dir + "/expected/good-node-width60.txt"));
}

TEST(DoctorCli, ThisMachineUnknownRowsExit0) {
  // The real tools, the real /proc and the HIP runtime (Debian's libamdhip64 when the
  // CLI was built with it): without ROCm tools and GPU the GPU rows are unknown.
  if (std::system("command -v rocminfo >/dev/null 2>&1 || command -v amd-smi >/dev/null 2>&1") == 0)
    GTEST_SKIP() << "rocminfo or amd-smi is installed here: this test is for a machine without them";
  const CliRun R = doctor(Dir, "", "--format=json");
  ASSERT_EQ(R.Status, 0) << R.Err;
  const nlohmann::json J = nlohmann::json::parse(R.Out);
  ASSERT_EQ(J["items"].size(), 9u);
  for (const auto &I : J["items"]) {
    const std::string Id = I["id"];
    if (Id == "numa-balancing" || Id == "tunableop" || Id == "tuning-file")
      continue; // host and environment facts: whatever this machine has
    EXPECT_EQ(I["status"], "unknown") << Id << ": " << I["observed"];
    // With Debian's libamdhip64 and no GPU, hipGetDeviceCount says hipErrorNoDevice (error 100).
    if (Id == "gfx-target" && I["source"].get<std::string>().find("HIP runtime") != std::string::npos) {
      EXPECT_NE(I["observed"].get<std::string>().find("hipErrorNoDevice"), std::string::npos)
          << I["observed"];
    }
  }
}

// A --*-output that is not a regular file is refused before it is read: /dev/zero never
// ends (reading it whole used to end in std::bad_alloc and exit 134), and a directory used
// to read as an empty output (exit 0, every GPU row unknown).
TEST(DoctorCli, RecordedOutputMustBeARegularFile) {
  CliRun R = doctor(Dir, NoTools, "--no-hip --rocminfo-output /dev/zero");
  EXPECT_EQ(R.Status, 2) << R.Err;
  EXPECT_EQ(R.Err, "wavesan doctor: error: --rocminfo-output='/dev/zero': not a regular file; "
                   "expected a file holding the tool's saved output\n");
  EXPECT_EQ(R.Out, "");
  R = doctor(Dir, NoTools, "--no-hip --amd-smi-topology-output .");
  EXPECT_EQ(R.Status, 2) << R.Err;
  EXPECT_EQ(R.Err, "wavesan doctor: error: --amd-smi-topology-output='.': is a directory; "
                   "expected a file holding the tool's saved output\n");
}

// A recorded output above the 16 MiB cap (a sparse file of 16 MiB + 1 byte: rocminfo on an
// 8-GPU node prints ~100 KB) is refused, not read.
TEST(DoctorCli, RecordedOutputOverTheCapIsRefused) {
  const std::string Big =
      testing::TempDir() + "doctor_big_rocminfo_" + std::to_string(getpid()) + ".txt";
  { std::ofstream(Big, std::ios::binary) << "x"; }
  std::filesystem::resize_file(Big, (16u << 20) + 1);
  const CliRun R = doctor(Dir, NoTools, "--no-hip --rocminfo-output '" + Big + "'");
  std::filesystem::remove(Big);
  EXPECT_EQ(R.Status, 2) << R.Err;
  EXPECT_EQ(R.Err, "wavesan doctor: error: --rocminfo-output='" + Big +
                       "': 16777217 bytes; expected at most 16 MiB (16777216 bytes)\n");
}

// A real rocminfo that prints a good agent list and then more than the 16 MiB cap (a wedged
// tool printing garbage forever would do the same): the output is not parsed half-read;
// the GPU rows are unknown and say why, exit 0.
TEST(DoctorCli, ToolOutputOverTheCapIsUnknown) {
  const std::string Bin = testing::TempDir() + "doctor_fake_bin_" + std::to_string(getpid());
  std::filesystem::create_directories(Bin);
  {
    std::ofstream S(Bin + "/rocminfo");
    S << "#!/bin/sh\ncat '" << Dir << "/rocminfo-mi300x-8gpu.txt'\n"
      << "yes 'filler line of a runaway tool' | head -c 17000000\n";
  }
  std::filesystem::permissions(Bin + "/rocminfo", std::filesystem::perms::owner_all);
  const CliRun R = doctor(Dir, "PATH='" + Bin + ":/usr/bin:/bin'",
                          "--no-hip --format=json --proc-root ./no-such-proc");
  std::filesystem::remove_all(Bin);
  ASSERT_EQ(R.Status, 0) << R.Err;
  const nlohmann::json J = nlohmann::json::parse(R.Out);
  bool Seen = false;
  for (const auto &I : J["items"])
    if (I["id"] == "gfx-target") {
      Seen = true;
      EXPECT_EQ(I["status"], "unknown") << I["observed"];
      EXPECT_NE(I["observed"].get<std::string>().find(
                    "rocminfo: output over 16 MiB (16777216 bytes); not parsed"),
                std::string::npos)
          << I["observed"];
    }
  EXPECT_TRUE(Seen);
}
