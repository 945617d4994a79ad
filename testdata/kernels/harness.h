// Host-side helpers shared by the kernel programs in this folder. Standard HIP API only,
// so every program here builds unchanged with hipcc for a GPU or with wavesan-cc for the
// CPU emulator (HIP-CPU's rule: device tests use only the standard HIP API).
//
// Every program takes one argument, `correct` or `buggy`, runs that variant of its
// kernel and prints its results to stdout as `key value...` lines, which
// tests/sanitizer/KernelsTest.cpp compares with values it computes itself.
#pragma once

#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define KERNELS_HIP_CHECK(expr)                                                          \
  do {                                                                                   \
    const hipError_t err_ = (expr);                                                      \
    if (err_ != hipSuccess) {                                                            \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr,          \
                   hipGetErrorString(err_));                                             \
      std::exit(3);                                                                      \
    }                                                                                    \
  } while (0)

/// Returns true for `buggy`, false for `correct`; any other argument is a usage error
/// (exit status 2), naming what was expected.
inline bool kernels_buggy_variant(int argc, char **argv) {
  if (argc == 2 && std::strcmp(argv[1], "correct") == 0) return false;
  if (argc == 2 && std::strcmp(argv[1], "buggy") == 0) return true;
  std::fprintf(stderr, "usage: %s correct|buggy (got %s)\n", argc > 0 ? argv[0] : "kernel",
               argc > 1 ? argv[1] : "no argument");
  std::exit(2);
}

/// Compute units of device 0 (304 on gfx942). Grids are sized from it, as a port
/// should, so no launch here is underfilled except on purpose.
inline int kernels_compute_units() {
  hipDeviceProp_t prop;
  KERNELS_HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  return prop.multiProcessorCount;
}

/// Copies `count` elements of a device buffer back to the host.
template <typename T> std::vector<T> kernels_to_host(const T *device, size_t count) {
  std::vector<T> host(count);
  KERNELS_HIP_CHECK(hipMemcpy(host.data(), device, count * sizeof(T), hipMemcpyDeviceToHost));
  return host;
}

/// Allocates a device buffer holding a copy of `host`.
template <typename T> T *kernels_to_device(const std::vector<T> &host) {
  T *device = nullptr;
  KERNELS_HIP_CHECK(hipMalloc(&device, host.size() * sizeof(T)));
  KERNELS_HIP_CHECK(
      hipMemcpy(device, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice));
  return device;
}

/// Allocates a zero-filled device buffer of `count` elements.
template <typename T> T *kernels_zeros(size_t count) {
  T *device = nullptr;
  KERNELS_HIP_CHECK(hipMalloc(&device, count * sizeof(T)));
  KERNELS_HIP_CHECK(hipMemset(device, 0, count * sizeof(T)));
  return device;
}
