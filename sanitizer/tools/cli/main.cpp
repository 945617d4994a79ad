//===--- main.cpp - the wavesan command-line tool ---------------------------===//
///
/// \file
/// `wavesan <subcommand> [options]`. Subcommands: `diff` (diff_command.h),
/// `roofline` (roofline_command.h), `xcd` (xcd_command.h), `doctor`
/// (doctor_command.h), `explain` (explain_command.h).
/// `wavesan --help` lists them, `wavesan <subcommand> --help` their options,
/// `wavesan --version` prints the version. Exit status 2 for an unknown
/// subcommand. docs/wavesan-integration.md.
///
//===----------------------------------------------------------------------===//
#include "diff_command.h"
#include "doctor_command.h"
#include "explain_command.h"
#include "roofline_command.h"
#include "xcd_command.h"

#include <iostream>
#include <string>

namespace {

constexpr const char *TopHelp =
    "OVERVIEW: wavesan: runtime sanitiser for HIP kernels ported to wave64 AMD GPUs (gfx942)\n"
    "\n"
    "USAGE: wavesan <subcommand> [options]\n"
    "\n"
    "SUBCOMMANDS:\n"
    "\n"
    "  diff  - Compare a kernel's output (.npy) with wavesan's wave64 reference on the same\n"
    "          inputs and name the bug when it has a known signature\n"
    "\n"
    "  roofline  - Decode/prefill roofline of a dense model on one GPU: time floor per\n"
    "              token, tokens/s ceiling, ridge point, memory left for the KV cache\n"
    "\n"
    "  xcd  - Model a tiled GEMM's L2 traffic per XCD (MI300X SPX dispatch) for its tile\n"
    "         order, the XCD remap and GROUP_M; --seed-example, --svg picture\n"
    "\n"
    "  doctor  - Check an AMD GPU node against the MI300X runbook: gfx target, wave size,\n"
    "            partition modes, links, NUMA balancing, TunableOp, FP8 format\n"
    "\n"
    "  explain  - Print the rule doc of a report kind: wavesan explain barrier-deadlock\n"
    "\n"
    "  Type \"wavesan <subcommand> --help\" for the options of a subcommand.\n"
    "\n"
    "OPTIONS:\n"
    "\n"
    "  --help     - Display available subcommands\n"
    "  --version  - Display the version of this program\n";

} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 2) {
    std::cerr << "wavesan: error: no subcommand; see 'wavesan --help'\n";
    return 2;
  }
  const std::string Sub = Argv[1];
  if (Sub == "--help" || Sub == "-h" || Sub == "-help") {
    std::cout << TopHelp;
    return 0;
  }
  if (Sub == "--version") {
    std::cout << "wavesan version " << WAVESAN_VERSION << "\n";
    return 0;
  }
  if (Sub == "diff")
    return wavesan::cli::runDiff({Argv + 2, static_cast<size_t>(Argc - 2)}, std::cout,
                                 std::cerr);
  if (Sub == "roofline")
    return wavesan::cli::runRoofline({Argv + 2, static_cast<size_t>(Argc - 2)}, std::cout,
                                     std::cerr);
  if (Sub == "xcd")
    return wavesan::cli::runXcd({Argv + 2, static_cast<size_t>(Argc - 2)}, std::cout, std::cerr);
  if (Sub == "doctor")
    return wavesan::cli::runDoctor({Argv + 2, static_cast<size_t>(Argc - 2)}, std::cout,
                                   std::cerr);
  if (Sub == "explain")
    return wavesan::cli::runExplain({Argv + 2, static_cast<size_t>(Argc - 2)}, std::cout,
                                    std::cerr);
  std::cerr << "wavesan: error: unknown subcommand '" << Sub << "'; see 'wavesan --help'\n";
  return 2;
}
