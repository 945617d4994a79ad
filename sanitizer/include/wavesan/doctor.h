//===--- doctor.h - the node runbook check behind `wavesan doctor` --------===//
///
/// \file
/// Reads what an operator should record and set on an MI300X node before
/// trusting its numbers (AMD's MI300X workload optimization guide and
/// partitioning documentation; docs/wavesan-doctor.md), and reports each item as
/// pass, warn or unknown with the observed value and the fix:
///
///   gfx target, wave size   rocminfo (GPU agents), else the HIP runtime
///   compute / memory        `amd-smi static --partition`
///   partition mode
///   link topology           `amd-smi topology` (link type table)
///   NUMA balancing          <proc>/sys/kernel/numa_balancing
///   TunableOp, tuning file  PYTORCH_TUNABLEOP_ENABLED, PYTORCH_TUNABLEOP_FILENAME
///                           (default tunableop_results.csv, PyTorch docs,
///                           torch.cuda.tunable "File Input and Output")
///   FP8 format              from the gfx target (docs/hardware.md, HIP FP8
///                           docs: gfx940-942 FNUZ only, gfx950 and gfx12 OCP only)
///
/// A missing tool, file or device makes its rows "unknown", never an error.
/// Every input comes through Probes, so tests feed recorded tool outputs
/// (testdata/doctor/) and a fake /proc. User guide: docs/wavesan-doctor.md.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wavesan::doctor {

/// The verdict of one runbook item.
enum class Status { Pass, Warn, Unknown };

/// "pass", "warn", "unknown".
const char *statusName(Status S);

/// One row of the runbook.
struct Item {
  std::string Id;       ///< stable key: "gfx-target", "wave-size", ... (JSON "id")
  std::string Check;    ///< column text: "gfx target", "wave size", ...
  Status State = Status::Unknown;
  std::string Observed; ///< what was read, or why nothing could be read
  std::string Source;   ///< where: "rocminfo", "amd-smi static --partition", ...
  std::string Fix;      ///< what to do; empty when nothing is to be done
  std::string Note;     ///< advice that stands even on pass (e.g. SPX needs the XCD remap)
};

/// The whole runbook, items in the fixed order of docs/wavesan-doctor.md.
struct Report {
  std::vector<Item> Items;
  size_t count(Status S) const;
  /// The item with \p Id, or nullptr.
  const Item *find(std::string_view Id) const;
};

/// What running an external command gave.
struct CommandResult {
  bool Started = false;   ///< false: not found or not executable (Error says why)
  bool TimedOut = false;  ///< killed after the timeout
  int ExitCode = -1;      ///< exit status when it exited normally, else -1
  std::string Output;     ///< standard output
  std::string Error;      ///< one line for a command that did not start or was killed
  /// The command printed more than Probes::MaxOutputBytes: Output is empty (the rest was
  /// read and dropped so the command could finish) and its rows are unknown.
  bool OutputTooLarge = false;
};

/// The HIP runtime's view, when a HIP runtime is linked (hip_backend.h's
/// hipBackendStatus): Arch is gcnArchName ("gfx942:sramecc+:xnack-"), empty
/// when no device was described; Message one line ("no AMD GPU
/// (hipGetDeviceCount: hipErrorNoDevice)").
struct HipView {
  std::string Arch;
  int WarpSize = 0;   ///< lanes (hipDeviceAttributeWarpSize)
  int DeviceCount = 0;
  std::string Message;
};

/// Every input of diagnose(), each replaceable for tests.
struct Probes {
  /// Runs argv[0] (looked up in PATH) with the arguments; must never throw.
  std::function<CommandResult(const std::vector<std::string> &Argv,
                              std::chrono::milliseconds Timeout)> Run;
  /// The contents of a file, std::nullopt when it cannot be read, is not a regular file
  /// or holds more than MaxOutputBytes.
  std::function<std::optional<std::string>(const std::string &Path)> ReadFile;
  /// An environment variable, std::nullopt when unset.
  std::function<std::optional<std::string>(const std::string &Name)> GetEnv;
  /// True when Path names an existing regular file.
  std::function<bool(const std::string &Path)> IsFile;
  /// The HIP runtime's view; empty function when no runtime is linked or it
  /// must not be used. Consulted only when rocminfo gives no GPU agent.
  std::function<HipView()> Hip;
  /// Recorded outputs that replace running the tool (CLI --rocminfo-output,
  /// ...): when set, the tool is not run.
  std::optional<std::string> RocminfoOutput, PartitionOutput, TopologyOutput;
  /// Root of the proc file system (numa_balancing is <ProcRoot>/sys/kernel/numa_balancing).
  std::string ProcRoot = "/proc";
  /// Per external command; a tool that hangs (a wedged driver) becomes "unknown".
  std::chrono::milliseconds Timeout{DefaultTimeout};
  /// 10 s: rocminfo and amd-smi answer in well under a second on a healthy node.
  static constexpr std::chrono::milliseconds DefaultTimeout{10000};
  /// 16 MiB: the most read of a command's output or of a file (recorded outputs, /proc, the
  /// tuning file). rocminfo on an 8-GPU node prints ~100 KB, so this is only ever hit by a
  /// runaway tool or a wrong file (/dev/zero).
  static constexpr size_t MaxOutputBytes = size_t(16) << 20;
};

/// Probes of this process: fork/exec with a timeout (the child is killed by its
/// pid on timeout), std::ifstream, getenv, std::filesystem. Hip is left empty.
Probes systemProbes();

/// Runs every check. Never throws for missing or malformed inputs (those give
/// "unknown" rows whose Observed says what was wrong).
Report diagnose(const Probes &P);

/// Aligned text table: a title line, then CHECK STATUS OBSERVED SOURCE FIX/NOTE
/// (the last column unpadded), then "summary: N pass, N warn, N unknown".
std::string formatText(const Report &R);

/// formatText(R) for a terminal of \p Width columns: the table when its widest line
/// fits (and when Width is 0: no limit); otherwise one block per item, "<check>:
/// <status>" then its observed value, source and fix (or note) on labelled lines,
/// each wrapped at spaces to Width (at least 40) with a hanging indent, a word longer
/// than a line (a path) cut. The title and summary lines are the table's.
std::string formatText(const Report &R, size_t Width);

/// JSON object {"tool", "format_version", "items": [{"id", "check", "status",
/// "observed", "source", "fix", "note"}], "summary": {"pass", "warn",
/// "unknown"}}, two-space indent, keys in that order, trailing newline.
std::string formatJson(const Report &R);

//===--- Parsers (public so that tests pin them on recorded outputs) -------===//

/// One GPU agent of rocminfo's "HSA Agents" list (rocminfo docs,
/// "Using rocminfo": "*******" / "Agent N" header, then "  Key:  value"
/// lines; "Device Type: GPU"; "Wavefront Size: 64(0x40)").
struct RocminfoAgent {
  std::string Name;          ///< "gfx942"
  std::string MarketingName; ///< "AMD Instinct MI300X"
  int WaveSize = 0;          ///< lanes; 0 when the line is missing
  int ComputeUnits = 0;      ///< "Compute Unit:"; 0 when missing
};

/// The GPU agents of rocminfo's output, in order (CPU agents are skipped).
std::vector<RocminfoAgent> parseRocminfo(std::string_view Text);

/// One GPU's entry of `amd-smi static --partition` (text): "GPU: N", then under
/// "PARTITION:" the keys COMPUTE_PARTITION (amd-smi of ROCm 6.0-6.3) or
/// ACCELERATOR_PARTITION (later), MEMORY_PARTITION, PARTITION_ID (amd-smi CLI
/// docs, "amd-smi static" example output). "N/A" is kept as text. The --json
/// form (an array of {"gpu": N, "partition": {...}} with the same keys in lower
/// case) is recognised by its leading '[' or '{'.
struct PartitionEntry {
  int Gpu = -1;
  std::string Compute; ///< "SPX", "DPX", "TPX", "QPX", "CPX" or "N/A"
  std::string Memory;  ///< "NPS1", "NPS2", "NPS4", "NPS8" or "N/A"
};
std::vector<PartitionEntry> parsePartition(std::string_view Text);

/// The link type table of `amd-smi topology` (text): a line "LINK_TYPE_TABLE:"
/// (or "LINK TYPE TABLE:" in older amd-smi), a header row of BDFs, then one row
/// per BDF with SELF / XGMI / PCIE / N/A cells. The --json form (amdsmi
/// CHANGELOG: [{"gpu", "bdf", "links": [{"gpu", "bdf", "link_type"}]}]) is
/// accepted too; its links are matched by "gpu", not by position.
struct LinkTable {
  std::vector<std::string> Devices;              ///< BDFs, header order
  std::vector<std::vector<std::string>> Links;   ///< Links[row][column]
};
/// std::nullopt when there is no link type table or its rows do not match the
/// header (the message is not needed: diagnose reports "no link type table").
std::optional<LinkTable> parseLinkTable(std::string_view Text);

} // namespace wavesan::doctor
