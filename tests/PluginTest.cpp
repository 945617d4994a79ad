//===--- PluginTest.cpp - the checks inside clang-tidy-22 --load -----------===//
///
/// The same module runs as a clang-tidy plugin; there check options come from
/// clang-tidy's --config, which the wavecheck driver does not read yet. Pins
/// xcd-tile-order's RemapStyle option in both styles.
///
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include "llvm/Support/FileSystem.h"
#include <gtest/gtest.h>

using namespace wavecheck::test;

namespace {

ProcessResult runPlugin(const std::string &Config, const std::string &Yaml) {
  std::string Standin = std::string(WAVECHECK_SOURCE_DIR) + "/checker/standin";
  return runProgram("/usr/bin/clang-tidy-22",
                    {std::string("--load=") + WAVECHECK_PLUGIN, "--checks=-*,xcd-tile-order",
                     "--config=" + Config, "--export-fixes=" + Yaml,
                     testdataDir() + "/checks/xcd-tile-order/gemm-row-major.hip", "--", "-x",
                     "hip", "--cuda-device-only", "--offload-arch=gfx942", "-nogpulib",
                     "-nogpuinc", "-isystem", Standin, "-include", "hip/hip_runtime.h"});
}

TEST(Plugin, XcdRemapStyleOptionChoosesTheFixIt) {
  if (!llvm::sys::fs::exists("/usr/bin/clang-tidy-22"))
    GTEST_SKIP() << "clang-tidy-22 is not installed";
  std::string Dir = makeTempDir();
  ProcessResult R = runPlugin("{CheckOptions: {xcd-tile-order.RemapStyle: inline}}",
                              Dir + "/inline.yaml");
  std::string Inline = readFile(Dir + "/inline.yaml");
  EXPECT_NE(R.Out.find("[xcd-tile-order]"), std::string::npos) << R.Out << R.Err;
  // The seed's arithmetic written out: per_xcd = N / 8, (pid % 8) * per_xcd + pid / 8.
  EXPECT_NE(Inline.find("((blockIdx.x) % 8) * ((gridDim.x) / 8) + (blockIdx.x) / 8"),
            std::string::npos)
      << Inline;
  EXPECT_EQ(Inline.find("remap_pid_for_xcds"), std::string::npos) << Inline;

  runPlugin("{CheckOptions: {xcd-tile-order.RemapStyle: header}}", Dir + "/header.yaml");
  std::string Header = readFile(Dir + "/header.yaml");
  EXPECT_NE(Header.find("remap_pid_for_xcds(blockIdx.x, gridDim.x)"), std::string::npos)
      << Header;
  EXPECT_NE(Header.find("#include <wavecheck/xcd_remap.h>"), std::string::npos) << Header;
  removeTree(Dir);
}

} // namespace
