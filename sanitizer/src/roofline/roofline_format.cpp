//===--- roofline_format.cpp - text and JSON reports of the roofline --------===//
///
/// formatText: a summary and one table column per phase, values to 4 significant digits.
/// formatJson: nlohmann::ordered_json (keys in the order written here; the list with units
/// is in docs/wavesan-roofline.md), SI base units (bytes, FLOPs, seconds).
///
//===----------------------------------------------------------------------===//
#include "wavesan/roofline.h"

#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace wavesan::roofline {
namespace {

constexpr double Giga = 1e9;
constexpr double Tera = 1e12;

/// 4 significant digits (a data sheet's precision: 1307.4 TFLOP/s, 5.3 TB/s), without an
/// exponent: values of 1000 and more are rounded to an integer; from 1e15 up (extreme but
/// in-bounds inputs: a tiny custom GPU) with an exponent, so a table cell stays short.
std::string num(double X) {
  if (std::fabs(X) >= 1e15)
    return fmt::format("{:.4g}", X);
  if (std::fabs(X) >= 999.95)
    return fmt::format("{:.0f}", X);
  return fmt::format("{:.4g}", X);
}

std::string seconds(double S) {
  return S >= 1 ? num(S) + " s" : num(S * 1e3) + " ms";
}

std::string phaseTitle(const char *Name, double Batch) {
  return fmt::format("{} (batch {})", Name, Batch);
}

using Json = nlohmann::ordered_json;

/// A whole-number count (batch, tokens) as a JSON integer rather than "64.0".
Json count(double X) { return Json(static_cast<unsigned long long>(X)); }

Json optionalCount(const std::optional<double> &V) { return V ? count(*V) : Json(nullptr); }

Json phaseJson(const Phase &P) {
  Json J;
  J["batch"] = count(P.Batch);
  J["tokens"] = count(P.Tokens);
  J["flops"] = P.Flops;
  J["bytes"] = P.Bytes;
  J["intensity_flop_per_byte"] = P.Intensity;
  J["memory_time_s"] = P.MemorySeconds;
  J["compute_time_s"] = P.ComputeSeconds;
  J["time_floor_s"] = P.Seconds;
  J["bound"] = P.ComputeBound ? "compute" : "bandwidth";
  J["tokens_per_s"] = P.TokensPerSecond;
  J["tokens_per_s_per_sequence"] = P.TokensPerSecondPerSequence;
  return J;
}


} // namespace

std::string formatText(const Result &R) {
  const Model &M = R.Input;
  const Gpu &G = R.Device;
  const char *Dtype = precisionName(M.Dtype);
  std::string Out;
  auto Line = [&](std::string_view Label, const std::string &Text) {
    Out += fmt::format("{:<22}{}\n", Label, Text);
  };
  Out += fmt::format("wavesan roofline: dense {}B-parameter model in {} on {}\n\n",
                     num(M.Params / Giga), Dtype, G.Name);
  Line("weights", fmt::format("{} GB ({} parameters x {} bytes)", num(R.WeightBytes / Giga),
                              M.Params, R.BytesPerParam));
  Line("GPU", fmt::format("{}: {} TFLOP/s dense {}, {} TB/s, {} GB", G.Name, G.PeakTflops,
                          Dtype, G.BandwidthTBs, G.MemoryGB));
  if (G.PeakSource == G.BandwidthSource && G.PeakSource == G.MemorySource)
    Line("figures from", G.PeakSource);
  else
    Line("figures from", fmt::format("peak: {}; bandwidth: {}; memory: {}", G.PeakSource,
                                     G.BandwidthSource, G.MemorySource));
  Line("ridge point", fmt::format("{} FLOP/byte (peak compute / bandwidth)",
                                  num(R.RidgeFlopPerByte)));
  Line("memory left for KV", R.MemoryLeftBytes >= 0
                                 ? fmt::format("{} GB of {} GB, before runtime overhead",
                                               num(R.MemoryLeftBytes / Giga), G.MemoryGB)
                                 : fmt::format("none: the weights need {} GB more",
                                               num(-R.MemoryLeftBytes / Giga)));
  if (M.KvBytesPerToken > 0) {
    std::string Kv = fmt::format("{} bytes per token per sequence; {} tokens of context at "
                                 "decode",
                                 M.KvBytesPerToken, R.ContextTokens);
    if (R.KvCapacityTokens)
      Kv += fmt::format("; room for {} tokens ({} sequences at that context)",
                        *R.KvCapacityTokens, *R.MaxBatchAtContext);
    Line("KV cache", Kv);
  } else {
    Line("KV cache", "not counted (--kv-bytes not given)");
  }
  Line("decode ridge batch",
       R.RidgeBatch ? fmt::format("{} (smallest batch whose decode is compute-bound)",
                                  *R.RidgeBatch)
                    : std::string("none: with this KV cache decode stays bandwidth-bound at "
                                  "any batch (its KV reads grow as fast as the FLOPs)"));
  Out += "\n";

  const std::string Prefill =
      fmt::format("prefill ({} x {} tokens)", M.Batch, M.PromptTokens);
  std::vector<std::pair<std::string, const Phase *>> Cols = {
      {phaseTitle("decode", 1), &R.DecodeSingle}};
  if (M.Batch != 1)
    Cols.push_back({phaseTitle("decode", M.Batch), &R.Decode});
  Cols.push_back({Prefill, &R.Prefill});
  size_t Width = 16;
  for (auto &C : Cols)
    Width = std::max(Width, C.first.size() + 2);
  auto Row = [&](std::string_view Label, auto Cell) {
    std::string L = fmt::format("{:<26}", Label);
    for (auto &C : Cols)
      L += fmt::format("{:<{}}", Cell(*C.second), Width);
    while (!L.empty() && L.back() == ' ')
      L.pop_back();
    Out += L + "\n";
  };
  Row("", [&, I = size_t(0)](const Phase &) mutable { return Cols[I++].first; });
  Row("FLOPs", [](const Phase &P) { return num(P.Flops / Tera) + " TFLOP"; });
  Row("bytes", [](const Phase &P) { return num(P.Bytes / Giga) + " GB"; });
  Row("intensity (FLOP/byte)", [](const Phase &P) { return num(P.Intensity); });
  Row("memory time", [](const Phase &P) { return seconds(P.MemorySeconds); });
  Row("compute time", [](const Phase &P) { return seconds(P.ComputeSeconds); });
  Row("time floor", [](const Phase &P) { return seconds(P.Seconds); });
  Row("tokens/s ceiling", [](const Phase &P) { return num(P.TokensPerSecond); });
  Row("tokens/s per sequence", [](const Phase &P) { return num(P.TokensPerSecondPerSequence); });
  Row("bound",
      [](const Phase &P) { return std::string(P.ComputeBound ? "compute" : "bandwidth"); });
  for (const std::string &W : R.Warnings)
    Out += "\nwarning: " + W + "\n";
  return Out;
}

std::string formatJson(const Result &R, int Indent) {
  const Model &M = R.Input;
  const Gpu &G = R.Device;
  Json J;
  J["model"] = {{"params", M.Params},
                {"dtype", precisionName(M.Dtype)},
                {"bytes_per_param", R.BytesPerParam},
                {"batch", count(M.Batch)},
                {"kv_bytes_per_token", M.KvBytesPerToken},
                {"prompt_tokens", count(M.PromptTokens)},
                {"context_tokens", count(R.ContextTokens)}};
  J["gpu"] = {{"name", G.Name},
              {"peak_tflops", G.PeakTflops},
              {"peak_source", G.PeakSource},
              {"bandwidth_tbs", G.BandwidthTBs},
              {"bandwidth_source", G.BandwidthSource},
              {"memory_gb", G.MemoryGB},
              {"memory_source", G.MemorySource}};
  J["weight_bytes"] = R.WeightBytes;
  J["ridge_flop_per_byte"] = R.RidgeFlopPerByte;
  J["memory_left_bytes"] = R.MemoryLeftBytes;
  J["kv_capacity_tokens"] = optionalCount(R.KvCapacityTokens);
  J["max_batch_at_context"] = optionalCount(R.MaxBatchAtContext);
  J["ridge_batch"] = optionalCount(R.RidgeBatch);
  J["decode_single"] = phaseJson(R.DecodeSingle);
  J["decode"] = phaseJson(R.Decode);
  J["prefill"] = phaseJson(R.Prefill);
  J["warnings"] = R.Warnings;
  return J.dump(Indent) + "\n";
}

} // namespace wavesan::roofline
