//===--- roofline.cpp - decode/prefill roofline arithmetic ------------------===//
///
/// The formulas and their sources are in wavesan/roofline.h.
///
//===----------------------------------------------------------------------===//
#include "wavesan/roofline.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>

namespace wavesan::roofline {
namespace {

/// Decimal units, as data sheets quote them (192 GB = 192e9 bytes).
constexpr double Tera = 1e12;
constexpr double Giga = 1e9;

/// FLOPs per weight per token of a dense transformer's forward pass: one multiply and one
/// add.
constexpr double FlopsPerWeightPerToken = 2.0;

/// Upper limit of --batch, --prompt-tokens and --context: 2^26 (67,108,864), far above any
/// real batch or context, small enough that batch x tokens (<= 2^52) is an exact integer in
/// a double and in the JSON report.
constexpr double MaxCount = double(1 << 26);

/// Upper bounds of the real-valued inputs (docs/wavesan-roofline.md, "Bounds"): each about
/// 1000x beyond any real model or GPU (1e15 parameters; 1 TB of KV cache per token;
/// 1e6 TFLOP/s, 1e4 TB/s, 1e7 GB per GPU), so every derived figure stays finite (the
/// largest, the prefill FLOPs, is at most 2 x 1e15 x 2^52 ~ 9e30).
constexpr double MaxParams = 1e15;
constexpr double MaxKvBytes = 1e12;
constexpr double MaxTflops = 1e6;
constexpr double MaxBandwidthTBs = 1e4;
constexpr double MaxMemoryGB = 1e7;

/// Where the MI300X figures come from (docs/hardware.md).
constexpr const char *Mi300xSource =
    "AMD Instinct MI300X data sheet (dense, without sparsity; docs/hardware.md)";

/// Named GPUs. Only figures with a public source (docs/hardware.md) are filled in; add a GPU only
/// with a source for each number.
const std::array<NamedGpu, 1> Gpus{{
    {"mi300x", 1307.4, std::nullopt, std::nullopt, std::nullopt, 5.3, 192.0, Mi300xSource},
}};

/// "--name=value: expected ..." for a bad number.
[[noreturn]] void bad(std::string_view Option, double Value, std::string_view Expected) {
  throw InputError(fmt::format("{}={}: expected {}", Option, Value, Expected));
}

void requirePositive(std::string_view Option, double Value, std::string_view What) {
  if (!std::isfinite(Value) || !(Value > 0))
    bad(Option, Value, fmt::format("{} > 0", What));
}

/// Finite, > 0 and at most \p Max.
void requirePositiveAtMost(std::string_view Option, double Value, double Max,
                           std::string_view What) {
  requirePositive(Option, Value, What);
  if (Value > Max)
    bad(Option, Value, fmt::format("{} of at most {:g}", What, Max));
}

void requireCount(std::string_view Option, double Value, double Min, std::string_view What) {
  if (!std::isfinite(Value) || Value < Min || Value > MaxCount || Value != std::floor(Value))
    bad(Option, Value, fmt::format("{}, an integer from {} to {}", What, Min, MaxCount));
}

Phase phase(double Batch, double Tokens, double Flops, double Bytes, const Gpu &G,
            double Ridge) {
  Phase P;
  P.Batch = Batch;
  P.Tokens = Tokens;
  P.Flops = Flops;
  P.Bytes = Bytes;
  P.Intensity = Flops / Bytes;
  P.MemorySeconds = Bytes / (G.BandwidthTBs * Tera);
  P.ComputeSeconds = Flops / (G.PeakTflops * Tera);
  P.Seconds = std::max(P.MemorySeconds, P.ComputeSeconds);
  P.ComputeBound = P.Intensity >= Ridge;
  P.TokensPerSecond = Tokens / P.Seconds;
  P.TokensPerSecondPerSequence = P.TokensPerSecond / Batch;
  return P;
}

} // namespace

std::optional<Precision> parsePrecision(std::string_view Text) {
  if (Text == "bf16") return Precision::BF16;
  if (Text == "fp16" || Text == "f16") return Precision::FP16;
  if (Text == "fp8") return Precision::FP8;
  if (Text == "fp32" || Text == "f32") return Precision::FP32;
  return std::nullopt;
}

const char *precisionName(Precision P) {
  switch (P) {
  case Precision::BF16: return "bf16";
  case Precision::FP16: return "fp16";
  case Precision::FP8: return "fp8";
  case Precision::FP32: return "fp32";
  }
  return "?";
}

double precisionBytes(Precision P) {
  switch (P) {
  case Precision::BF16:
  case Precision::FP16: return 2;
  case Precision::FP8: return 1;
  case Precision::FP32: return 4;
  }
  return 0;
}

std::span<const NamedGpu> namedGpus() { return Gpus; }

const NamedGpu *findGpu(std::string_view Name) {
  for (const NamedGpu &G : Gpus)
    if (Name == G.Name)
      return &G;
  return nullptr;
}

Gpu resolveGpu(std::string_view Name, Precision P, const GpuOverrides &O) {
  if (O.Tflops) requirePositiveAtMost("--tflops", *O.Tflops, MaxTflops, "a peak in TFLOP/s");
  if (O.BandwidthTBs)
    requirePositiveAtMost("--bandwidth-tbs", *O.BandwidthTBs, MaxBandwidthTBs,
                          "a bandwidth in TB/s");
  if (O.MemoryGB)
    requirePositiveAtMost("--memory-gb", *O.MemoryGB, MaxMemoryGB, "a memory size in GB");
  Gpu G;
  G.Name = std::string(Name);
  const NamedGpu *N = findGpu(Name);
  if (!N && Name != "custom") {
    std::string Known;
    for (const NamedGpu &E : Gpus)
      Known += std::string(E.Name) + ", ";
    throw InputError(fmt::format("--gpu={}: unknown GPU; expected one of {}custom (give "
                                 "--tflops, --bandwidth-tbs and --memory-gb)",
                                 Name, Known));
  }
  auto Take = [&](std::optional<double> Given, std::optional<double> Table, double &Out,
                  std::string &Source, std::string_view Option, std::string_view What) {
    if (Given) {
      Out = *Given;
      Source = std::string(Option);
    } else if (Table) {
      Out = *Table;
      Source = N->Source;
    } else if (!N) {
      throw InputError(fmt::format("--gpu=custom: missing {}; a custom GPU needs --tflops, "
                                   "--bandwidth-tbs and --memory-gb",
                                   Option));
    } else {
      throw InputError(fmt::format("--dtype={}: no sourced {} for --gpu={}; pass {}",
                                   precisionName(P), What, N->Name, Option));
    }
  };
  std::optional<double> TablePeak;
  if (N) {
    switch (P) {
    case Precision::BF16: TablePeak = N->Bf16Tflops; break;
    case Precision::FP16: TablePeak = N->Fp16Tflops; break;
    case Precision::FP8: TablePeak = N->Fp8Tflops; break;
    case Precision::FP32: TablePeak = N->Fp32Tflops; break;
    }
  }
  const std::string PeakWhat =
      fmt::format("dense {} peak (TFLOP/s from the GPU's data sheet)", precisionName(P));
  Take(O.Tflops, TablePeak, G.PeakTflops, G.PeakSource, "--tflops", PeakWhat);
  Take(O.BandwidthTBs, N ? std::optional<double>(N->BandwidthTBs) : std::nullopt,
       G.BandwidthTBs, G.BandwidthSource, "--bandwidth-tbs", "bandwidth");
  Take(O.MemoryGB, N ? std::optional<double>(N->MemoryGB) : std::nullopt, G.MemoryGB,
       G.MemorySource, "--memory-gb", "memory size");
  return G;
}

Result compute(const Model &M, const Gpu &G) {
  requirePositiveAtMost("--params", M.Params, MaxParams, "a parameter count");
  requireCount("--batch", M.Batch, 1, "a batch size");
  if (!std::isfinite(M.KvBytesPerToken) || M.KvBytesPerToken < 0)
    bad("--kv-bytes", M.KvBytesPerToken, "KV-cache bytes per token, >= 0");
  if (M.KvBytesPerToken > MaxKvBytes)
    bad("--kv-bytes", M.KvBytesPerToken,
        fmt::format("KV-cache bytes per token of at most {:g}", MaxKvBytes));
  requireCount("--prompt-tokens", M.PromptTokens, 1, "a prompt length in tokens");
  if (M.ContextTokens != 0)
    requireCount("--context", M.ContextTokens, 1, "a context length in tokens");
  requirePositiveAtMost("--tflops", G.PeakTflops, MaxTflops, "a peak in TFLOP/s");
  requirePositiveAtMost("--bandwidth-tbs", G.BandwidthTBs, MaxBandwidthTBs,
                        "a bandwidth in TB/s");
  requirePositiveAtMost("--memory-gb", G.MemoryGB, MaxMemoryGB, "a memory size in GB");

  Result R;
  R.Input = M;
  R.Device = G;
  R.BytesPerParam = precisionBytes(M.Dtype);
  R.WeightBytes = M.Params * R.BytesPerParam;
  R.RidgeFlopPerByte = G.PeakTflops / G.BandwidthTBs; // (F * 1e12) / (B * 1e12)
  R.ContextTokens = M.ContextTokens != 0 ? M.ContextTokens : M.PromptTokens;
  const double MemoryBytes = G.MemoryGB * Giga;
  R.MemoryLeftBytes = MemoryBytes - R.WeightBytes;
  const double Kv = M.KvBytesPerToken;
  const double KvPerSequence = R.ContextTokens * Kv;
  if (Kv > 0 && R.MemoryLeftBytes > 0) {
    R.KvCapacityTokens = std::floor(R.MemoryLeftBytes / Kv);
    R.MaxBatchAtContext = std::floor(R.MemoryLeftBytes / KvPerSequence);
  }
  // Decode intensity 2PN / (W + N C k) >= R  <=>  N (2P - R C k) >= R W.
  const double Denominator = FlopsPerWeightPerToken * M.Params - R.RidgeFlopPerByte * KvPerSequence;
  if (Denominator > 0)
    R.RidgeBatch = std::max(1.0, std::ceil(R.RidgeFlopPerByte * R.WeightBytes / Denominator));

  auto Decode = [&](double N) {
    return phase(N, N, FlopsPerWeightPerToken * M.Params * N, R.WeightBytes + N * KvPerSequence,
                 G, R.RidgeFlopPerByte);
  };
  R.DecodeSingle = Decode(1);
  R.Decode = Decode(M.Batch);
  const double PrefillTokens = M.Batch * M.PromptTokens;
  R.Prefill = phase(M.Batch, PrefillTokens, FlopsPerWeightPerToken * M.Params * PrefillTokens,
                    R.WeightBytes + PrefillTokens * Kv, G, R.RidgeFlopPerByte);

  if (R.MemoryLeftBytes < 0)
    R.Warnings.push_back(fmt::format(
        "the weights ({:.4g} GB = --params x {} bytes) exceed the GPU's memory "
        "(--memory-gb {:.4g}): the model does not fit on one GPU; the floors assume it did",
        R.WeightBytes / Giga, R.BytesPerParam, G.MemoryGB));
  else if (Kv > 0 && M.Batch * KvPerSequence > R.MemoryLeftBytes)
    R.Warnings.push_back(fmt::format(
        "the batch's KV cache ({:.4g} GB = --batch {} x {} context tokens x --kv-bytes {}) "
        "exceeds the {:.4g} GB left after the weights; at most {} sequences fit",
        M.Batch * KvPerSequence / Giga, M.Batch, R.ContextTokens, Kv,
        R.MemoryLeftBytes / Giga, *R.MaxBatchAtContext));
  return R;
}

} // namespace wavesan::roofline
