//===- wavesan/roofline.h - Decode/prefill roofline of a dense model -*- C++ -*-===//
///
/// \file
/// The lower bound on the time of one decode step and of a prefill for a dense transformer
/// on one GPU, from the roofline model: a step takes at least max(bytes / bandwidth,
/// FLOPs / peak compute). The MI300X figures (1307.4 TFLOP/s dense BF16, 5.3 TB/s HBM,
/// 192 GB) are the AMD Instinct MI300X data sheet's; docs/hardware.md lists them with their
/// sources. User guide: docs/wavesan-roofline.md. `wavesan roofline` is
/// the command-line front end (sanitizer/tools/cli/roofline_command.h).
///
/// Units (decimal, as data sheets quote them): TFLOP/s = 1e12 FLOP/s, TB/s = 1e12 byte/s,
/// GB = 1e9 bytes. Results are in bytes, FLOPs, seconds and tokens per second.
///
/// Formulas (P parameters, b bytes per parameter, N batch, T prompt tokens, C context
/// tokens at the decode step, k KV-cache bytes per token of one sequence, F peak FLOP/s,
/// B bandwidth in byte/s, M memory in bytes):
///   weights          W = P * b                         (70B in BF16 -> 140 GB)
///   ridge point      R = F / B  FLOP/byte              (MI300X: 1307.4 / 5.3 ~ 247)
///   decode step      FLOPs = 2 * P * N                 (a multiply and an add per weight)
///                    bytes = W + N * C * k             (every weight once + each sequence's
///                                                       KV cache)
///   prefill          FLOPs = 2 * P * N * T, bytes = W + N * T * k (KV cache written)
///   intensity        I = FLOPs / bytes                 (~1 FLOP/byte at batch 1, BF16)
///   time floor       t = max(bytes / B, FLOPs / F)     (roofline; MI300X: 140 GB / 5.3 TB/s
///                                                       >= 26 ms)
///   tokens/s ceiling decode: N / t for the batch, 1 / t per sequence (70B BF16: <= ~38);
///                    prefill: N * T / t
///   bound            compute when I >= R, else bandwidth
///   memory for KV    M - W                             (MI300X, 70B BF16: 192 - 140 = 52 GB,
///                                                       less runtime overhead)
/// Not counted: attention's FLOPs over the KV cache, activations, runtime memory overhead,
/// and achieved (rather than peak) compute and bandwidth: the figures are ceilings.
///
//===----------------------------------------------------------------------===//
#ifndef WAVESAN_ROOFLINE_H
#define WAVESAN_ROOFLINE_H

#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace wavesan::roofline {

/// A bad input. what() names the option it came from, in the CLI's spelling ("--params"),
/// the value and what was expected; `wavesan roofline` prints it and exits with status 2.
struct InputError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// The model's weight (and compute) type.
enum class Precision { BF16, FP16, FP8, FP32 };

/// Parses "bf16", "fp16" (or "f16"), "fp8", "fp32" (or "f32"); std::nullopt otherwise.
std::optional<Precision> parsePrecision(std::string_view Text);
/// "bf16", "fp16", "fp8", "fp32".
const char *precisionName(Precision P);
/// Bytes per parameter: 2 (bf16, fp16), 1 (fp8), 4 (fp32): the formats' storage sizes.
double precisionBytes(Precision P);

/// A named GPU's data-sheet figures. A peak that no source in this repository gives is
/// absent (std::nullopt): the caller must supply it (--tflops), never a guess.
struct NamedGpu {
  const char *Name;                 ///< "mi300x"
  std::optional<double> Bf16Tflops; ///< dense, no sparsity
  std::optional<double> Fp16Tflops;
  std::optional<double> Fp8Tflops;
  std::optional<double> Fp32Tflops;
  double BandwidthTBs;              ///< HBM bandwidth
  double MemoryGB;                  ///< HBM capacity
  const char *Source;               ///< where the figures come from
};

/// The table of named GPUs (one entry, "mi300x": 1307.4 TFLOP/s dense BF16, 5.3 TB/s,
/// 192 GB, MI300X data sheet; the FP16/FP8/FP32 peaks are left out: give --tflops).
std::span<const NamedGpu> namedGpus();
/// The entry called \p Name, or nullptr.
const NamedGpu *findGpu(std::string_view Name);

/// The GPU figures one calculation uses, each with where it came from.
struct Gpu {
  std::string Name;       ///< a namedGpus() name or "custom"
  double PeakTflops = 0;  ///< dense peak for the model's precision, TFLOP/s, > 0
  double BandwidthTBs = 0;///< TB/s, > 0
  double MemoryGB = 0;    ///< GB, > 0
  std::string PeakSource, BandwidthSource, MemorySource;
};

/// Command-line style overrides of a named GPU's figures (std::nullopt: keep the table's).
struct GpuOverrides {
  std::optional<double> Tflops, BandwidthTBs, MemoryGB;
};

/// The figures for \p Name ("custom": none, all three overrides required) and precision
/// \p P, overrides applied. Throws InputError naming --gpu for an unknown name (listing the
/// known ones), --tflops when the peak for \p P is not in the table and not given, and
/// --tflops/--bandwidth-tbs/--memory-gb for a value that is not finite and > 0.
Gpu resolveGpu(std::string_view Name, Precision P, const GpuOverrides &Overrides);

/// The model and workload.
struct Model {
  double Params = 0;            ///< parameter count, > 0 (70e9)
  Precision Dtype = Precision::BF16;
  double Batch = 1;             ///< sequences decoded together, integer >= 1
  double KvBytesPerToken = 0;   ///< KV-cache bytes one token of context adds to one
                                ///< sequence (2 * layers * kv_heads * head_dim * bytes); >= 0
  double PromptTokens = 2048;   ///< prefill length per sequence, integer >= 1
  double ContextTokens = 0;     ///< context at the decode step; 0 = PromptTokens
};

/// One phase (a decode step or a whole prefill) at one batch size.
struct Phase {
  double Batch = 0;
  double Tokens = 0;          ///< tokens the phase produces or consumes: N (decode), N*T
  double Flops = 0;
  double Bytes = 0;
  double Intensity = 0;       ///< FLOP/byte
  double MemorySeconds = 0;   ///< Bytes / bandwidth
  double ComputeSeconds = 0;  ///< Flops / peak
  double Seconds = 0;         ///< the time floor: the larger of the two
  bool ComputeBound = false;  ///< Intensity >= ridge
  double TokensPerSecond = 0; ///< Tokens / Seconds
  double TokensPerSecondPerSequence = 0; ///< TokensPerSecond / Batch
};

/// Everything `wavesan roofline` reports.
struct Result {
  Model Input;
  Gpu Device;
  double BytesPerParam = 0;
  double WeightBytes = 0;
  double RidgeFlopPerByte = 0;
  double ContextTokens = 0;            ///< the context used (PromptTokens when 0 was given)
  double MemoryLeftBytes = 0;          ///< M - W; negative when the weights do not fit
  std::optional<double> KvCapacityTokens;  ///< floor((M - W) / k) when k > 0 and M > W
  std::optional<double> MaxBatchAtContext; ///< floor((M - W) / (C * k)) when k > 0, M > W
  /// Smallest integer batch whose decode intensity reaches the ridge:
  /// ceil(R * W / (2 * P - R * C * k)); std::nullopt when 2 * P <= R * C * k (the KV
  /// reads grow with the batch as fast as the FLOPs: decode never becomes compute-bound).
  std::optional<double> RidgeBatch;
  Phase DecodeSingle;  ///< decode at batch 1
  Phase Decode;        ///< decode at Model::Batch
  Phase Prefill;       ///< prefill of Model::Batch prompts of PromptTokens
  /// The weights exceed the memory, or the batch's KV cache (N * C * k) exceeds what is
  /// left: reported, not errors (the floors still hold for the workload as described).
  std::vector<std::string> Warnings;
};

/// Computes the roofline. Throws InputError naming --params, --batch, --kv-bytes,
/// --prompt-tokens or --context for a value that is not finite, not an integer where one
/// is needed, or out of range (see Model), and for a Gpu whose figures are not > 0.
Result compute(const Model &M, const Gpu &G);

/// Human-readable report (several lines, values to 4 significant digits).
std::string formatText(const Result &R);
/// The report as JSON (one object, keys in a fixed order; docs/wavesan-roofline.md lists
/// them). \p Indent as nlohmann::json::dump: -1 one line, >= 0 pretty-printed.
std::string formatJson(const Result &R, int Indent = 2);

} // namespace wavesan::roofline

#endif // WAVESAN_ROOFLINE_H
