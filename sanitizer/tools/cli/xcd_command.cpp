//===--- xcd_command.cpp - `wavesan xcd` ------------------------------------===//
#include "xcd_command.h"

#include "args.h"

#include "wavesan/xcd.h"

#include <array>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>

namespace wavesan::cli {
namespace {

constexpr const char *ShapeGroup = "GEMM options";
constexpr const char *MachineGroup = "Machine options (defaults: MI300X in SPX mode)";
constexpr const char *OutputGroup = "Output options";

/// Every option of `wavesan xcd`, declared once: parser and --help read it.
constexpr std::array<OptionSpec, 15> XcdOptions{{
    {"m", "M", ShapeGroup, "Rows of C and A (required unless --seed-example)"},
    {"n", "N", ShapeGroup, "Columns of C and B (required unless --seed-example)"},
    {"k", "K", ShapeGroup, "The reduction dimension (required unless --seed-example)"},
    {"tile-m", "n", ShapeGroup, "Output tile rows, BLOCK_M (default 256)"},
    {"tile-n", "n", ShapeGroup, "Output tile columns, BLOCK_N (default 256)"},
    {"k-step", "n", ShapeGroup, "K per step, BLOCK_K (default 64)"},
    {"dtype", "bf16|f16|fp8|f32", ShapeGroup,
     "A and B element type: bf16/f16 2 bytes (default bf16), fp8 1, f32 4"},
    {"elem-bytes", "n", ShapeGroup, "Bytes per A/B element (instead of --dtype)"},
    {"group-m", "n", ShapeGroup,
     "GROUP_M of the grouped orders compared (default 8; 0 leaves them out)"},
    {"order", "file", ShapeGroup,
     "A recorded tile order ('<workgroup> <tile>' lines, e.g. from wavesan::TileRecorder) "
     "used instead of row-major; a permutation: one workgroup per tile, every tile once"},
    {"xcds", "n", MachineGroup, "XCDs; workgroup i runs on XCD i % n (default 8)"},
    {"l2", "size", MachineGroup,
     "L2 per XCD: bytes, or with a K/KiB/M/MiB suffix (binary units; default 4MiB)"},
    {"resident", "n", MachineGroup,
     "Workgroups resident at once per XCD (default 38: one per CU)"},
    {"seed-example", "", OutputGroup,
     "Print the worked example (BF16, 256x256 tiles, K step 64): traffic "
     "into L2 per K step of eight neighbouring tiles, row-major vs remapped"},
    {"svg", "file", OutputGroup,
     "Write an SVG picture: tile -> XCD heatmaps and L2 traffic bar charts (with "
     "--seed-example: the worked example's tiles and traffic)"},
}};

const std::vector<std::string> XcdUsage = {
    "wavesan xcd --m <M> --n <N> --k <K> [--tile-m 256 --tile-n 256 --k-step 64] [options]",
    "wavesan xcd --seed-example [--svg FILE]"};

constexpr const char *XcdOverview =
    "model where a tiled GEMM's operand traffic goes on an 8-XCD GPU (MI300X, SPX mode)\n\n"
    "  Workgroup i runs on XCD i % 8; each XCD has its own LRU L2. Prints the bytes fetched\n"
    "  into each L2 and the hit rates for the row-major (or --order) tile order, with the\n"
    "  XCD remap, with GROUP_M grouping and with both; a note says why when the\n"
    "  one-tile-row estimate promises a remap gain the full model does not show.\n"
    "  docs/wavesan-xcd.md.\n"
    "  Exit status: 0 success, 2 a usage error or an input that cannot be used (also a\n"
    "  model needing more than 1 GiB, or an --svg file that cannot be created).";

/// "--l2": a byte count with an optional binary suffix.
uint64_t parseSize(const std::string &Text) {
  uint64_t V = 0;
  auto [Ptr, Ec] = std::from_chars(Text.data(), Text.data() + Text.size(), V);
  std::string_view Suffix(Ptr, static_cast<size_t>(Text.data() + Text.size() - Ptr));
  uint64_t Scale = 0;
  if (Suffix.empty() || Suffix == "B")
    Scale = 1;
  else if (Suffix == "K" || Suffix == "KiB" || Suffix == "KB")
    Scale = 1024;
  else if (Suffix == "M" || Suffix == "MiB" || Suffix == "MB")
    Scale = 1024 * 1024;
  if (Ec != std::errc() || Ptr == Text.data() || Scale == 0 || V == 0 ||
      V > (uint64_t(1) << 50) / Scale)
    throw UsageError("--l2='" + Text +
                     "': expected a positive size in bytes, optionally with K, KiB, M or MiB "
                     "(binary units), e.g. 4MiB");
  return V * Scale;
}

uint64_t positive(const ParsedArgs &P, const char *Name, uint64_t Default) {
  const uint64_t V = P.count(Name, Default);
  if (V == 0)
    throw UsageError(std::string("--") + Name + "=0: expected a positive number");
  return V;
}

unsigned small(const ParsedArgs &P, const char *Name, unsigned Default) {
  const uint64_t V = positive(P, Name, Default);
  if (V > 1u << 20)
    throw UsageError(std::string("--") + Name + "=" + std::to_string(V) +
                     ": expected at most 1048576");
  return static_cast<unsigned>(V);
}

uint64_t elemBytes(const ParsedArgs &P) {
  if (P.has("dtype") && P.has("elem-bytes"))
    throw UsageError("--dtype and --elem-bytes both given: use one");
  if (P.has("elem-bytes"))
    return positive(P, "elem-bytes", 2);
  const std::string D = P.get("dtype").value_or("bf16");
  if (D == "bf16" || D == "f16" || D == "fp16")
    return 2;
  if (D == "fp8" || D == "e4m3" || D == "e5m2")
    return 1;
  if (D == "f32" || D == "fp32")
    return 4;
  throw UsageError("--dtype='" + D + "': expected one of bf16, f16, fp8, f32");
}

/// A regular file of at most xcd::MaxModelBytes (an order's text for the largest model the
/// cap allows is well under it); /dev/zero or a directory is refused, not read.
std::string readFile(const std::string &Path, const char *Option) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    throw std::invalid_argument(std::string("--") + Option + ": cannot open '" + Path + "'");
  std::error_code Ec;
  if (!std::filesystem::is_regular_file(Path, Ec))
    throw std::invalid_argument(std::string("--") + Option + ": '" + Path +
                                "' is not a regular file");
  if (std::filesystem::file_size(Path, Ec) > xcd::MaxModelBytes)
    throw std::invalid_argument(std::string("--") + Option + ": '" + Path +
                                "' is larger than 1 GiB");
  std::ostringstream S;
  S << In.rdbuf();
  return S.str();
}

/// `--svg FILE`: the path is checked before anything runs, so one that cannot be written
/// fails with nothing printed: opened for appending (an existing file is not clobbered
/// yet); a file this check created is removed again if the run fails before write().
class SvgOutput {
public:
  explicit SvgOutput(const ParsedArgs &P) : Path(P.get("svg")) {
    if (!Path)
      return;
    std::error_code Ec;
    const bool Existed = std::filesystem::exists(*Path, Ec);
    if (!std::ofstream(*Path, std::ios::binary | std::ios::app))
      throw std::invalid_argument("--svg: cannot create '" + *Path + "'");
    Created = !Existed;
  }
  SvgOutput(const SvgOutput &) = delete;
  SvgOutput &operator=(const SvgOutput &) = delete;
  ~SvgOutput() {
    if (Created) {
      std::error_code Ec;
      std::filesystem::remove(*Path, Ec);
    }
  }
  /// Writes \p Render()'s picture (when --svg was given) and says so on \p Out.
  void write(const std::function<std::string()> &Render, std::ostream &Out) {
    if (!Path)
      return;
    std::ofstream File(*Path, std::ios::binary | std::ios::trunc);
    File << Render();
    if (!File.flush())
      throw std::invalid_argument("--svg: cannot write '" + *Path + "'");
    Created = false; // written: keep it
    Out << "\nwrote " << *Path << "\n";
  }

private:
  std::optional<std::string> Path;
  bool Created = false;
};

int runModel(const ParsedArgs &P, std::ostream &Out) {
  if (!P.has("m") || !P.has("n") || !P.has("k"))
    throw UsageError("--m, --n and --k are required (or use --seed-example)");
  xcd::GemmShape S;
  S.M = positive(P, "m", 0);
  S.N = positive(P, "n", 0);
  S.K = positive(P, "k", 0);
  S.TileM = positive(P, "tile-m", 256);
  S.TileN = positive(P, "tile-n", 256);
  S.KStep = positive(P, "k-step", 64);
  S.ElemBytes = elemBytes(P);
  xcd::XcdConfig C;
  C.NumXcds = small(P, "xcds", 8);
  C.ResidentPerXcd = small(P, "resident", 38);
  if (auto L2 = P.get("l2"))
    C.L2Bytes = parseSize(*L2);
  const uint64_t GroupM = P.count("group-m", 8);
  S.validate(); // also refuses a model above xcd::MaxModelBytes before anything is allocated
  xcd::TileOrder Given;
  std::string GivenName;
  if (auto Path = P.get("order")) {
    Given = xcd::parseOrder(readFile(*Path, "order"), S.tiles(), *Path);
    GivenName = "recorded";
  }
  SvgOutput Svg(P);
  const auto Results = xcd::compareOrders(S, C, Given, GivenName, GroupM);
  Out << xcd::formatComparison(S, C, Results);
  Svg.write([&] { return xcd::renderSvg(S, C, Results); }, Out);
  return 0;
}

} // namespace

int runXcd(std::span<const char *const> Args, std::ostream &Out, std::ostream &Err) {
  try {
    const ParsedArgs P = parseArgs(Args, XcdOptions, "wavesan xcd");
    if (P.has("help")) {
      Out << formatHelp(XcdOverview, XcdUsage, XcdOptions);
      return 0;
    }
    if (P.has("seed-example")) {
      // The example's shape and machine are fixed; only the picture may be asked for.
      for (const OptionSpec &S : XcdOptions)
        if (std::string_view(S.Name) != "seed-example" && std::string_view(S.Name) != "svg" &&
            P.has(S.Name))
          throw UsageError(std::string("--") + S.Name +
                           " does not apply to --seed-example (the worked example's shape is "
                           "fixed; --svg is the one option it takes)");
      SvgOutput Svg(P);
      const auto Rows = xcd::seedExample();
      Out << xcd::formatSeedExample(Rows);
      Svg.write([&] { return xcd::renderSeedExampleSvg(Rows); }, Out);
      return 0;
    }
    return runModel(P, Out);
  } catch (const UsageError &E) {
    Err << "wavesan xcd: error: " << E.what() << "\n";
  } catch (const std::exception &E) {
    // The model rejects a shape or a recorded order (std::invalid_argument, naming it).
    Err << "wavesan xcd: error: " << E.what() << "\n";
  }
  return 2;
}

} // namespace wavesan::cli
