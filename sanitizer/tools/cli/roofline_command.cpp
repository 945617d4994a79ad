//===--- roofline_command.cpp - `wavesan roofline` --------------------------===//
#include "roofline_command.h"

#include "args.h"

#include "wavesan/roofline.h"

#include <array>
#include <charconv>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

namespace wavesan::cli {
namespace {

constexpr const char *ModelGroup = "Model options";
constexpr const char *GpuGroup = "GPU options (override the --gpu table's figures)";
constexpr const char *OutputGroup = "Output options";

/// Every option of `wavesan roofline`, declared once: parser and --help read it.
constexpr std::array<OptionSpec, 11> RooflineOptions{{
    {"params", "n", ModelGroup,
     "Parameter count of the dense model: 70e9, or with a K/M/B/T suffix, 70B (required)"},
    {"dtype", "bf16|fp16|fp8|fp32", ModelGroup,
     "Weight and compute type: 2, 2, 1 or 4 bytes per parameter (required)"},
    {"batch", "n", ModelGroup, "Sequences decoded (and prefilled) together (default 1)"},
    {"kv-bytes", "bytes", ModelGroup,
     "KV-cache bytes one token of context adds to one sequence: 2 x layers x KV heads x "
     "head dim x bytes per element (default 0: KV-cache reads not counted)"},
    {"prompt-tokens", "n", ModelGroup, "Prompt length of the prefill (default 2048)"},
    {"context", "n", ModelGroup,
     "Tokens of context each sequence holds at the decode step (default: --prompt-tokens)"},
    {"gpu", "name", GpuGroup,
     "mi300x (default; data sheet figures: 1307.4 TFLOP/s dense BF16, 5.3 TB/s, 192 GB) or custom "
     "(give all three of the options below)"},
    {"tflops", "x", GpuGroup,
     "Dense peak TFLOP/s for --dtype (needed for fp16, fp8, fp32 on mi300x: no sourced "
     "figure)"},
    {"bandwidth-tbs", "x", GpuGroup, "Memory bandwidth, TB/s (1e12 bytes/s)"},
    {"memory-gb", "x", GpuGroup, "Memory capacity, GB (1e9 bytes)"},
    {"format", "text|json", OutputGroup, "Report format (default text)"},
}};

const std::vector<std::string> RooflineUsage = {
    "wavesan roofline --params <n> --dtype <type> [options]"};

constexpr const char *RooflineOverview =
    "decode and prefill roofline of a dense model on one GPU: ridge point, time floor per\n"
    "  token, tokens/s ceiling, memory left for the KV cache, bandwidth- or compute-bound\n\n"
    "  Exit status: 0 a report was printed (it may carry warnings), 2 a usage error or a\n"
    "  bad value.";

/// The forms --params accepts, for its error message.
constexpr const char *ParamsForms =
    "a parameter count: a number (70e9, 7e10, 70000000000) or a number with the suffix K, M, "
    "B or T for thousand, million, billion, trillion (70B, 1.5T; any case), as the report "
    "prints it";

/// --params: a number (std::from_chars, whole value: 70e9, 7.0e10) optionally followed by
/// one decimal suffix, K 1e3, M 1e6, B 1e9 (billion, the "70B" of model names and of the
/// report's first line) or T 1e12, in either case. Range checks (> 0, at most 1e15) are
/// the model's (roofline::compute). Throws UsageError naming the value and the forms.
double parseParamCount(const std::string &Text) {
  std::string_view V = Text;
  double Scale = 1;
  if (!V.empty()) {
    switch (V.back()) {
    case 'k': case 'K': Scale = 1e3; break;
    case 'm': case 'M': Scale = 1e6; break;
    case 'b': case 'B': Scale = 1e9; break;
    case 't': case 'T': Scale = 1e12; break;
    default: break;
    }
    if (Scale != 1)
      V.remove_suffix(1);
  }
  double D = 0;
  auto [End, Ec] = std::from_chars(V.data(), V.data() + V.size(), D);
  if (V.empty() || Ec != std::errc() || End != V.data() + V.size() ||
      (Scale != 1 && !std::isfinite(D)))
    throw UsageError("--params='" + Text + "': expected " + ParamsForms);
  return D * Scale;
}

std::optional<double> optionalNumber(const ParsedArgs &P, const std::string &Name) {
  if (!P.has(Name))
    return std::nullopt;
  return P.number(Name, 0);
}

} // namespace

int runRoofline(std::span<const char *const> Args, std::ostream &Out, std::ostream &Err) {
  try {
    const ParsedArgs P = parseArgs(Args, RooflineOptions, "wavesan roofline");
    if (P.has("help")) {
      Out << formatHelp(RooflineOverview, RooflineUsage, RooflineOptions);
      return 0;
    }
    const std::string Format = P.get("format").value_or("text");
    if (Format != "text" && Format != "json")
      throw UsageError("--format='" + Format + "': expected text or json");
    roofline::Model M;
    P.required("params", "the model's parameter count, e.g. --params=70e9 or --params=70B");
    M.Params = parseParamCount(*P.get("params"));
    const std::string DtypeText = P.required("dtype", "bf16, fp16, fp8 or fp32");
    const auto Dtype = roofline::parsePrecision(DtypeText);
    if (!Dtype)
      throw UsageError("--dtype='" + DtypeText + "': expected bf16, fp16, fp8 or fp32");
    M.Dtype = *Dtype;
    M.Batch = P.number("batch", M.Batch);
    M.KvBytesPerToken = P.number("kv-bytes", M.KvBytesPerToken);
    M.PromptTokens = P.number("prompt-tokens", M.PromptTokens);
    M.ContextTokens = P.number("context", M.ContextTokens);
    if (P.has("context") && M.ContextTokens == 0)
      throw UsageError("--context=0: expected a context length in tokens, an integer >= 1");
    roofline::GpuOverrides O{optionalNumber(P, "tflops"), optionalNumber(P, "bandwidth-tbs"),
                             optionalNumber(P, "memory-gb")};
    const roofline::Gpu G =
        roofline::resolveGpu(P.get("gpu").value_or("mi300x"), M.Dtype, O);
    const roofline::Result R = roofline::compute(M, G);
    Out << (Format == "json" ? roofline::formatJson(R) : roofline::formatText(R));
    return 0;
  } catch (const UsageError &E) {
    Err << "wavesan roofline: error: " << E.what() << "\n";
  } catch (const roofline::InputError &E) {
    Err << "wavesan roofline: error: " << E.what() << "\n";
  }
  return 2;
}

} // namespace wavesan::cli
