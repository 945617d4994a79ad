//===--- doctor_command.cpp - `wavesan doctor` ------------------------------===//
#include "doctor_command.h"

#include "args.h"

#include "wavesan/doctor.h"
#ifdef WAVESAN_CLI_HAVE_HIP
#include "wavesan/hip_backend.h"
#endif

#include <array>
#include <charconv>
#include <cmath>
#include <exception>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <sys/ioctl.h>
#include <unistd.h>

namespace wavesan::cli {
namespace {

constexpr const char *Group = "Doctor options";
/// An hour: far beyond any healthy tool, and small enough for milliseconds in a long long.
constexpr double MaxTimeoutSeconds = 3600;
constexpr const char *InputGroup = "Recorded inputs (instead of running the tool)";

/// Every option of `wavesan doctor`, declared once: parser and --help read it.
constexpr std::array<OptionSpec, 9> DoctorOptions{{
    {"format", "text|json", Group, "Output format (default text: an aligned table)"},
    {"width", "columns", Group,
     "Wrap the text to this many columns, one block per item when the table is wider (0: "
     "never). Default: the terminal's width (COLUMNS, else its size) when stdout is a "
     "terminal, else 0"},
    {"strict", "", Group, "Exit with status 1 when an item warns"},
    {"timeout", "seconds", Group,
     "Time allowed to each external tool before it is killed and its rows say unknown "
     "(default 10)"},
    {"no-hip", "", Group,
     "Do not ask the HIP runtime for the gfx target when rocminfo lists no GPU"},
    {"proc-root", "dir", Group,
     "Root of the proc file system (default /proc; reads <dir>/sys/kernel/numa_balancing)"},
    {"rocminfo-output", "file", InputGroup, "Output of `rocminfo` saved to a file"},
    {"amd-smi-partition-output", "file", InputGroup,
     "Output of `amd-smi static --partition` (text or --json) saved to a file"},
    {"amd-smi-topology-output", "file", InputGroup,
     "Output of `amd-smi topology` (text or --json) saved to a file"},
}};

const std::vector<std::string> DoctorUsage = {"wavesan doctor [--format=text|json] [--strict]",
                                              "wavesan doctor --rocminfo-output <file> "
                                              "--amd-smi-partition-output <file> ..."};

constexpr const char *DoctorOverview =
    "check an AMD GPU node against the MI300X runbook (gfx target, wave size, partition\n"
    "  modes, link topology, NUMA balancing, TunableOp, FP8 format)\n\n"
    "  Each item is pass, warn or unknown with the observed value and the fix. A missing\n"
    "  tool or device gives unknown rows, not an error. Exit status: 0, also with warnings;\n"
    "  1 with --strict when an item warns; 2 a usage error or an unusable --*-output file\n"
    "  (unreadable, not a regular file, or over 16 MiB). A tool printing more than 16 MiB\n"
    "  gives unknown rows.";

/// A recorded input: the file's text; UsageError naming the option when it is missing, not
/// a regular file (a directory, /dev/zero, a FIFO), larger than Probes::MaxOutputBytes or
/// unreadable.
std::optional<std::string> recorded(const ParsedArgs &A, const doctor::Probes &P,
                                    const char *Option) {
  std::optional<std::string> Path = A.get(Option);
  if (!Path)
    return std::nullopt;
  const std::string Name = std::string("--") + Option + "='" + *Path + "'";
  std::error_code Ec;
  const std::filesystem::file_status St = std::filesystem::status(*Path, Ec);
  if (!Ec && std::filesystem::is_directory(St))
    throw UsageError(Name + ": is a directory; expected a file holding the tool's saved output");
  if (!Ec && !std::filesystem::is_regular_file(St))
    throw UsageError(Name + ": not a regular file; expected a file holding the tool's saved "
                            "output");
  if (!Ec) {
    const uintmax_t Size = std::filesystem::file_size(*Path, Ec);
    if (!Ec && Size > doctor::Probes::MaxOutputBytes)
      throw UsageError(Name + ": " + std::to_string(Size) + " bytes; expected at most " +
                       std::to_string(doctor::Probes::MaxOutputBytes >> 20) + " MiB (" +
                       std::to_string(doctor::Probes::MaxOutputBytes) + " bytes)");
  }
  std::optional<std::string> Text = P.ReadFile(*Path);
  if (!Text)
    throw UsageError(std::string("--") + Option + "='" + *Path + "': cannot read the file");
  return Text;
}

/// The columns of the terminal on stdout: COLUMNS when it is a number from 1 to 10000,
/// else the terminal's size (TIOCGWINSZ), else 80; 0 (no wrapping) when stdout is not a
/// terminal, so that pipes, files and scripts get the same table on every machine.
size_t terminalWidth() {
  if (!::isatty(STDOUT_FILENO))
    return 0;
  if (const char *Columns = std::getenv("COLUMNS")) {
    const std::string_view C = Columns;
    size_t N = 0;
    auto [End, Ec] = std::from_chars(C.data(), C.data() + C.size(), N);
    if (Ec == std::errc() && End == C.data() + C.size() && N >= 1 && N <= 10000)
      return N;
  }
  struct winsize Size {};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &Size) == 0 && Size.ws_col > 0)
    return Size.ws_col;
  return 80;
}

} // namespace

int runDoctor(std::span<const char *const> Args, std::ostream &Out, std::ostream &Err) {
  using namespace wavesan::doctor;
  try {
    const ParsedArgs A = parseArgs(Args, DoctorOptions, "wavesan doctor");
    if (A.has("help")) {
      Out << formatHelp(DoctorOverview, DoctorUsage, DoctorOptions);
      return 0;
    }
    const std::string Format = A.get("format").value_or("text");
    if (Format != "text" && Format != "json")
      throw UsageError("--format='" + Format + "': expected text or json");
    size_t Width = 0;
    if (A.has("width")) {
      const unsigned long long W = A.count("width", 0);
      if (W > 10000)
        throw UsageError("--width=" + *A.get("width") +
                         ": expected a number of columns from 0 (no wrapping) to 10000");
      Width = static_cast<size_t>(W);
    } else if (Format == "text") {
      Width = terminalWidth();
    }
    const double Seconds = A.number("timeout", Probes::DefaultTimeout.count() / 1000.0);
    if (!(Seconds > 0) || Seconds > MaxTimeoutSeconds)
      throw UsageError("--timeout=" + *A.get("timeout") +
                       ": expected a number of seconds above 0 and at most 3600");

    Probes P = systemProbes();
    P.Timeout = std::chrono::milliseconds(static_cast<long long>(std::ceil(Seconds * 1000)));
    if (auto Root = A.get("proc-root"))
      P.ProcRoot = *Root;
    P.RocminfoOutput = recorded(A, P, "rocminfo-output");
    P.PartitionOutput = recorded(A, P, "amd-smi-partition-output");
    P.TopologyOutput = recorded(A, P, "amd-smi-topology-output");
#ifdef WAVESAN_CLI_HAVE_HIP
    if (!A.has("no-hip"))
      P.Hip = [] {
        const HipBackendStatus S = hipBackendStatus();
        return HipView{S.Arch, S.WarpSize, S.DeviceCount, S.Message};
      };
#endif
    const Report R = diagnose(P);
    Out << (Format == "json" ? formatJson(R) : formatText(R, Width));
    return A.has("strict") && R.count(Status::Warn) > 0 ? 1 : 0;
  } catch (const UsageError &E) {
    Err << "wavesan doctor: error: " << E.what() << "\n";
  } catch (const std::exception &E) {
    // Never a crash: out of memory or a library error ends in one line and exit 2.
    Err << "wavesan doctor: error: " << E.what() << "\n";
  }
  return 2;
}

} // namespace wavesan::cli
