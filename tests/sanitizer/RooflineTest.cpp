// wavesan::roofline (wavesan/roofline.h): the decode/prefill roofline arithmetic.
// Every expected value is worked out by hand in the comment above it, from the MI300X
// data sheet's figures (docs/hardware.md: 1307.4 TFLOP/s dense BF16, 5.3 TB/s, 192 GB);
// derived: 70B in BF16 = 140 GB, >= 26 ms per token, <= ~38 tokens/s, ridge ~247
// FLOP/byte, 52 GB left for the KV cache.
#include "wavesan/roofline.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace wavesan::roofline;

/// Relative tolerance for hand-derived values: exact decimals, or worked to 7 or more
/// significant digits in the comments (a rounding error below 5e-7 relative).
constexpr double Rel = 1e-6;

#define EXPECT_REL(Actual, Expected) EXPECT_NEAR(Actual, Expected, std::abs(Expected) * Rel)

Gpu mi300x(Precision P = Precision::BF16, GpuOverrides O = {}) {
  return resolveGpu("mi300x", P, O);
}

Model seed70b(double Batch = 1) {
  Model M;
  M.Params = 70e9;
  M.Dtype = Precision::BF16;
  M.Batch = Batch;
  return M;
}

TEST(Roofline, PrecisionBytes) {
  // Storage sizes of the formats: bf16/fp16 16 bits, fp8 8 bits, fp32 32 bits.
  EXPECT_EQ(precisionBytes(*parsePrecision("bf16")), 2);
  EXPECT_EQ(precisionBytes(*parsePrecision("fp16")), 2);
  EXPECT_EQ(precisionBytes(*parsePrecision("fp8")), 1);
  EXPECT_EQ(precisionBytes(*parsePrecision("fp32")), 4);
  EXPECT_FALSE(parsePrecision("int4"));
  EXPECT_FALSE(parsePrecision("BF16"));
}

TEST(Roofline, Mi300xTableHoldsOnlyTheSeedFigures) {
  const NamedGpu *G = findGpu("mi300x");
  ASSERT_NE(G, nullptr);
  EXPECT_EQ(*G->Bf16Tflops, 1307.4); // data sheet: 1307.4 TFLOPS dense BF16
  EXPECT_EQ(G->BandwidthTBs, 5.3);   // data sheet: 5.3 TB/s
  EXPECT_EQ(G->MemoryGB, 192.0);     // data sheet: 192 GB
  // The table carries only the BF16 peak (docs/hardware.md): the others are absent.
  EXPECT_FALSE(G->Fp16Tflops);
  EXPECT_FALSE(G->Fp8Tflops);
  EXPECT_FALSE(G->Fp32Tflops);
  EXPECT_EQ(findGpu("h100"), nullptr);
}

TEST(Roofline, Seed70bBf16Decode) {
  const Result R = compute(seed70b(), mi300x());
  // 70e9 parameters x 2 bytes = 140e9 bytes = 140 GB.
  EXPECT_EQ(R.WeightBytes, 140e9);
  // 1307.4 / 5.3 = 246.679245... FLOP/byte (5.3 x 246 = 1303.8, 3.6 / 5.3 = 0.679245)
  EXPECT_REL(R.RidgeFlopPerByte, 246.679245);
  // 2 FLOPs per weight over 2 bytes per weight = 1 FLOP/byte.
  EXPECT_REL(R.DecodeSingle.Intensity, 1.0);
  EXPECT_EQ(R.DecodeSingle.Flops, 140e9);
  EXPECT_EQ(R.DecodeSingle.Bytes, 140e9);
  // 140e9 / 5.3e12 = 0.0264150943 s (140 / 5.3 = 26.4150943).
  EXPECT_REL(R.DecodeSingle.MemorySeconds, 0.0264150943);
  // 140e9 / 1307.4e12 = 1.07083e-4 s (0.14 / 1307.4: 1307.4 x 1.07e-4 = 0.139892, rest
  // 1.08e-4 / 1307.4 = 8.3e-8).
  EXPECT_NEAR(R.DecodeSingle.ComputeSeconds, 1.07083e-4, 1e-9);
  EXPECT_REL(R.DecodeSingle.Seconds, 0.0264150943);
  EXPECT_FALSE(R.DecodeSingle.ComputeBound);
  // 5.3e12 / 140e9 = 37.857142... tokens/s.
  EXPECT_REL(R.DecodeSingle.TokensPerSecond, 37.8571429);
  EXPECT_REL(R.DecodeSingle.TokensPerSecondPerSequence, 37.8571429);
  // 192 GB - 140 GB = 52 GB.
  EXPECT_EQ(R.MemoryLeftBytes, 52e9);
  EXPECT_TRUE(R.Warnings.empty());
  // No KV bytes given: no KV capacity to report.
  EXPECT_FALSE(R.KvCapacityTokens);
  EXPECT_FALSE(R.MaxBatchAtContext);
}

TEST(Roofline, BatchingRaisesDecodeIntensity) {
  // One weight read serves N sequences: intensity 2 * 70e9 * N / 140e9 = N FLOP/byte.
  const Result R64 = compute(seed70b(64), mi300x());
  EXPECT_REL(R64.Decode.Intensity, 64.0);
  EXPECT_REL(R64.DecodeSingle.Intensity, 1.0);
  // Still below the ridge (246.68): the step costs the same 26.415 ms as at batch 1, and
  // the batch gets 64 x 37.857143 = 2422.857 tokens/s; 37.857 per sequence.
  EXPECT_FALSE(R64.Decode.ComputeBound);
  EXPECT_REL(R64.Decode.Seconds, 0.0264150943);
  EXPECT_REL(R64.Decode.TokensPerSecond, 2422.85714);
  EXPECT_REL(R64.Decode.TokensPerSecondPerSequence, 37.8571429);
  // 2 * 70e9 * 64 = 8.96e12 FLOPs; / 1307.4e12 = 6.853297e-3 s (8.96 / 1307.4:
  // 1307.4 x 0.006853 = 8.9596122, rest 3.878e-4 / 1307.4 = 2.966e-7).
  EXPECT_REL(R64.Decode.ComputeSeconds, 6.853297e-3);

  // Ridge batch: N >= R * W / (2P) = 246.679 -> 247. Batch 246 stays bandwidth-bound
  // (246 < 246.68), batch 247 is compute-bound (247 >= 246.68).
  EXPECT_EQ(*R64.RidgeBatch, 247);
  EXPECT_FALSE(compute(seed70b(246), mi300x()).Decode.ComputeBound);
  EXPECT_TRUE(compute(seed70b(247), mi300x()).Decode.ComputeBound);

  // Batch 512: compute floor 2 * 70e9 * 512 / 1307.4e12 = 7.168e13 / 1.3074e15
  // = 0.05482637 s (1307.4 x 0.0548 = 71.64552, rest 0.03448 / 1307.4 = 2.63729e-5;
  // > 26.4 ms); tokens/s = F / (2P) = 1.3074e15 / 1.4e11 = 9338.5714.
  const Result R512 = compute(seed70b(512), mi300x());
  EXPECT_TRUE(R512.Decode.ComputeBound);
  EXPECT_REL(R512.Decode.Seconds, 0.05482637);
  EXPECT_REL(R512.Decode.TokensPerSecond, 9338.5714);
}

TEST(Roofline, PrefillIsComputeBound) {
  // 2048 prompt tokens, batch 1: FLOPs 2 * 70e9 * 2048 = 2.8672e14, bytes 140e9,
  // intensity 2048 FLOP/byte > 246.68 (compute-bound); floor 2.8672e14 / 1.3074e15 = 0.2193055 s (286.72 / 1307.4:
  // 1307.4 x 0.2193 = 286.71282, rest 0.00718 / 1307.4 = 5.4918e-6);
  // 2048 / 0.2193055 = 9338.571 tokens/s (= F / 2P again: 1.3074e15 / 1.4e11).
  const Result R = compute(seed70b(), mi300x());
  EXPECT_EQ(R.Prefill.Tokens, 2048);
  EXPECT_REL(R.Prefill.Flops, 2.8672e14);
  EXPECT_REL(R.Prefill.Intensity, 2048.0);
  EXPECT_TRUE(R.Prefill.ComputeBound);
  EXPECT_REL(R.Prefill.Seconds, 0.2193055);
  EXPECT_REL(R.Prefill.MemorySeconds, 0.0264150943);
  EXPECT_REL(R.Prefill.TokensPerSecond, 9338.571);
  // A 100-token prompt: intensity 100 < 246.68, the weight read dominates.
  Model Short = seed70b();
  Short.PromptTokens = 100;
  EXPECT_FALSE(compute(Short, mi300x()).Prefill.ComputeBound);
}

TEST(Roofline, KvCacheReadsAndCapacity) {
  // A hypothetical model with 80 layers, 8 KV heads of dimension 128 in BF16:
  // k = 2 (K and V) x 80 x 8 x 128 x 2 bytes = 327680 bytes per token.
  Model M = seed70b(8);
  M.KvBytesPerToken = 327680;
  M.ContextTokens = 4096;
  const Result R = compute(M, mi300x());
  // Per sequence 4096 x 327680 = 1,342,177,280 bytes; batch 8: 10,737,418,240;
  // bytes per step 140e9 + 10.73741824e9 = 150.73741824e9.
  EXPECT_EQ(R.Decode.Bytes, 150.73741824e9);
  // 150.73741824 / 5.3 = 28.441022 ms; 8 x 5.3e12 / 150.73741824e9 = 42400 / 150.73741824
  // = 281.28384 tokens/s (150.73741824 x 281 = 42357.2145, rest 42.7855 / 150.7374 = 0.28384).
  EXPECT_REL(R.Decode.Seconds, 0.028441022);
  EXPECT_REL(R.Decode.TokensPerSecond, 281.28384);
  // Intensity 1.12e12 / 150.73741824e9 = 7.430139 (150.73741824 x 7.43 = 1119.979018,
  // rest 0.020982 / 150.737 = 1.39199e-4).
  EXPECT_REL(R.Decode.Intensity, 7.430139);
  // Room: floor(52e9 / 327680) = 158691 tokens (327680 x 158691 = 51,999,866,880;
  // one more token is 52,000,194,560 > 52e9); floor(52e9 / 1.34217728e9) = 38 sequences
  // (38 x 1.342 = 51.0 GB, 39 x 1.342 = 52.3 GB).
  EXPECT_EQ(*R.KvCapacityTokens, 158691);
  EXPECT_EQ(*R.MaxBatchAtContext, 38);
  // R * C * k = 246.68 x 1.342e9 = 3.31e11 > 2P = 1.4e11: the KV reads grow faster than the
  // FLOPs, decode never reaches the ridge.
  EXPECT_FALSE(R.RidgeBatch);
  EXPECT_TRUE(R.Warnings.empty()); // 10.7 GB fits in 52 GB
}

TEST(Roofline, RidgeBatchWithSmallKvCache) {
  // C * k = 100 x 1e6 = 1e8 bytes per sequence. N >= R W / (2P - R C k)
  // = 246.679 x 1.4e11 / (1.4e11 - 2.46679e10) = 3.45351e13 / 1.153321e11 = 299.44 -> 300.
  // Check: N = 300: 4.2e13 / (1.4e11 + 3e10) = 247.06 >= 246.68; N = 299:
  // 4.186e13 / 1.699e11 = 246.38 < 246.68.
  Model M = seed70b(300);
  M.KvBytesPerToken = 1e6;
  M.ContextTokens = 100;
  const Result R = compute(M, mi300x());
  EXPECT_EQ(*R.RidgeBatch, 300);
  EXPECT_TRUE(R.Decode.ComputeBound);
  M.Batch = 299;
  EXPECT_FALSE(compute(M, mi300x()).Decode.ComputeBound);
}

TEST(Roofline, KvCacheLargerThanMemoryLeftIsAWarning) {
  // 64 x 4096 x 327680 = 85.9 GB of KV cache > 52 GB left: at most 38 sequences fit.
  Model M = seed70b(64);
  M.KvBytesPerToken = 327680;
  M.ContextTokens = 4096;
  const Result R = compute(M, mi300x());
  ASSERT_EQ(R.Warnings.size(), 1u);
  EXPECT_NE(R.Warnings[0].find("--batch 64"), std::string::npos) << R.Warnings[0];
  EXPECT_NE(R.Warnings[0].find("at most 38 sequences fit"), std::string::npos) << R.Warnings[0];
}

TEST(Roofline, WeightsLargerThanMemoryIsAWarning) {
  // 405e9 x 2 = 810 GB > 192 GB. Reported, and the floors still computed:
  // 810e9 / 5.3e12 = 0.1528302 s (810 / 5.3 = 152.830189).
  Model M = seed70b();
  M.Params = 405e9;
  const Result R = compute(M, mi300x());
  EXPECT_EQ(R.MemoryLeftBytes, -618e9);
  EXPECT_REL(R.DecodeSingle.Seconds, 0.1528302);
  ASSERT_EQ(R.Warnings.size(), 1u);
  EXPECT_NE(R.Warnings[0].find("810 GB"), std::string::npos) << R.Warnings[0];
  EXPECT_NE(R.Warnings[0].find("--memory-gb 192"), std::string::npos) << R.Warnings[0];
  EXPECT_FALSE(R.KvCapacityTokens);
}

TEST(Roofline, Fp8HalvesTheWeightBytes) {
  // No sourced FP8 peak for mi300x: --tflops is required, and the error says so.
  try {
    resolveGpu("mi300x", Precision::FP8, {});
    FAIL() << "expected InputError";
  } catch (const InputError &E) {
    EXPECT_NE(std::string(E.what()).find("pass --tflops"), std::string::npos) << E.what();
  }
  // With a user-given peak of 2000 TFLOP/s: 70 GB of weights, 70e9 / 5.3e12 = 13.2075 ms,
  // 5.3e12 / 70e9 = 75.714 tokens/s; ridge 2000 / 5.3 = 377.358 FLOP/byte; decode
  // intensity 2 FLOPs / 1 byte = 2.
  GpuOverrides O;
  O.Tflops = 2000;
  Model M = seed70b();
  M.Dtype = Precision::FP8;
  const Result R = compute(M, mi300x(Precision::FP8, O));
  EXPECT_EQ(R.WeightBytes, 70e9);
  EXPECT_REL(R.DecodeSingle.Seconds, 0.0132075472);
  EXPECT_REL(R.DecodeSingle.TokensPerSecond, 75.7142857);
  EXPECT_REL(R.RidgeFlopPerByte, 377.358491);
  EXPECT_REL(R.DecodeSingle.Intensity, 2.0);
  EXPECT_EQ(R.Device.PeakSource, "--tflops");
}

TEST(Roofline, OverridesAndCustomGpu) {
  GpuOverrides O;
  O.BandwidthTBs = 4;
  const Gpu G = mi300x(Precision::BF16, O);
  EXPECT_EQ(G.BandwidthTBs, 4);
  EXPECT_EQ(G.PeakTflops, 1307.4); // kept from the table
  EXPECT_EQ(G.BandwidthSource, "--bandwidth-tbs");
  O.Tflops = 1000;
  O.MemoryGB = 8;
  const Gpu C = resolveGpu("custom", Precision::FP32, O);
  EXPECT_EQ(C.PeakTflops, 1000);
  EXPECT_EQ(C.MemoryGB, 8);
}

/// The message of the InputError \p F throws ("" when it throws none).
template <class F> std::string errorOf(F &&Fn) {
  try {
    Fn();
  } catch (const InputError &E) {
    return E.what();
  }
  return "";
}

TEST(Roofline, BadInputsNameTheOption) {
  auto WithModel = [](auto Edit) {
    return errorOf([&] {
      Model M = seed70b();
      Edit(M);
      compute(M, mi300x());
    });
  };
  EXPECT_EQ(WithModel([](Model &M) { M.Params = -5; }),
            "--params=-5: expected a parameter count > 0");
  EXPECT_EQ(WithModel([](Model &M) { M.Params = 0; }),
            "--params=0: expected a parameter count > 0");
  EXPECT_NE(WithModel([](Model &M) { M.Params = 1.0 / 0.0; }).find("--params=inf"),
            std::string::npos);
  EXPECT_EQ(WithModel([](Model &M) { M.Batch = 0; }),
            "--batch=0: expected a batch size, an integer from 1 to 67108864");
  EXPECT_EQ(WithModel([](Model &M) { M.Batch = 1.5; }),
            "--batch=1.5: expected a batch size, an integer from 1 to 67108864");
  EXPECT_EQ(WithModel([](Model &M) { M.KvBytesPerToken = -1; }),
            "--kv-bytes=-1: expected KV-cache bytes per token, >= 0");
  EXPECT_EQ(WithModel([](Model &M) { M.PromptTokens = 0; }),
            "--prompt-tokens=0: expected a prompt length in tokens, an integer from 1 to "
            "67108864");
  EXPECT_EQ(errorOf([] { resolveGpu("h100", Precision::BF16, {}); }),
            "--gpu=h100: unknown GPU; expected one of mi300x, custom (give --tflops, "
            "--bandwidth-tbs and --memory-gb)");
  EXPECT_EQ(errorOf([] { resolveGpu("mi300x", Precision::BF16, {{}, 0.0, {}}); }),
            "--bandwidth-tbs=0: expected a bandwidth in TB/s > 0");
  EXPECT_EQ(errorOf([] { resolveGpu("custom", Precision::BF16, {1000.0, 4.0, {}}); }),
            "--gpu=custom: missing --memory-gb; a custom GPU needs --tflops, "
            "--bandwidth-tbs and --memory-gb");
  EXPECT_EQ(errorOf([] { resolveGpu("mi300x", Precision::FP32, {}); }),
            "--dtype=fp32: no sourced dense fp32 peak (TFLOP/s from the GPU's data sheet) "
            "for --gpu=mi300x; pass --tflops");
}

} // namespace
