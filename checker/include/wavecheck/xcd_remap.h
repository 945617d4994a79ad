//===--- wavecheck/xcd_remap.h - workgroup id remap for XCD-based GPUs -----===//
///
/// \file
/// remap_pid_for_xcds(): renumbers a linear workgroup id so that each XCD of
/// a chiplet GPU (AMD Instinct MI300X = gfx942, MI350/MI355 = gfx950) computes
/// a contiguous block of logical tiles. The fix-it of wavecheck's
/// `xcd-tile-order` check calls it; see rules/xcd-tile-order.md.
///
/// Usable in HIP (and CUDA) device and host code, where it is
/// `__host__ __device__ constexpr`, and in plain C++ as `constexpr`. It needs
/// C++11 and nothing from the standard library.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_XCD_REMAP_H
#define WAVECHECK_XCD_REMAP_H

#if defined(__HIP__) || defined(__CUDACC__)
#if defined(__host__) && defined(__device__)
#define WAVECHECK_XCD_REMAP_FN __host__ __device__ constexpr inline
#else // the HIP runtime header is not included yet: clang's attributes
#define WAVECHECK_XCD_REMAP_FN __attribute__((host, device)) constexpr inline
#endif
#else
#define WAVECHECK_XCD_REMAP_FN constexpr inline
#endif

namespace wavecheck_xcd_detail {
/// The XCD count of gfx942 and gfx950 (MI300X, MI325X, MI350, MI355).
constexpr unsigned int DefaultNumXcds = 8;
} // namespace wavecheck_xcd_detail

/// The logical tile a workgroup should compute so that each XCD gets a
/// contiguous block of tiles.
///
/// Why: in the single-partition (SPX) mode AMD documents that workgroups are
/// dispatched round-robin over the XCDs, workgroup `pid` to XCD
/// `pid % num_xcds`, and every XCD has its own L2 (4 MB on MI300X). A kernel
/// that maps `pid` row-major onto output tiles therefore spreads the tiles of
/// one tile row, which share an operand panel, over all XCDs, and the panel
/// is fetched into every L2. The remap (wavecheck's own arithmetic, derived
/// from that documented dispatch order; it is not a vendor API; docs/hardware.md):
///
///     per_xcd = num_pids / num_xcds
///     pid >= per_xcd * num_xcds:  unchanged (the tail)
///     otherwise:                  (pid % num_xcds) * per_xcd + pid / num_xcds
///
/// so XCD x (the workgroups with pid % num_xcds == x below the tail) computes
/// the logical tiles [x * per_xcd, (x + 1) * per_xcd). It is a permutation of
/// [0, num_pids). Apply it to the id before any tile grouping (GROUP_M) and
/// decompose the result into tile coordinates as before. It assumes SPX: in
/// CPX mode every XCD is a device of its own, no remap is needed, and this
/// one would scatter the tiles that run at the same time (pass num_xcds 1).
/// Whether it speeds a kernel up must be measured: public reports range from
/// 10-40 % gains to regressions.
///
/// \param pid      the linear workgroup id in dispatch order, in
///                 [0, num_pids): `blockIdx.x`, or
///                 `blockIdx.y * gridDim.x + blockIdx.x` for a 2-D grid.
/// \param num_pids the number of workgroups in the grid (`gridDim.x`, or
///                 `gridDim.x * gridDim.y`); a count, not a maximum index.
/// \param num_xcds XCDs the workgroups are dispatched over, default 8. With
///                 0 or 1 the id is returned unchanged.
/// \returns the logical tile id, in [0, num_pids); ids outside
///          [0, num_pids) are returned unchanged.
///
/// All values are `unsigned int`, the type of `blockIdx.x` and `gridDim.x`;
/// signed arguments convert implicitly. No intermediate exceeds num_pids, so
/// nothing overflows. It is pure and evaluates each argument once.
WAVECHECK_XCD_REMAP_FN unsigned int
remap_pid_for_xcds(unsigned int pid, unsigned int num_pids,
                   unsigned int num_xcds = wavecheck_xcd_detail::DefaultNumXcds) {
  return (num_xcds < 2 || pid >= num_pids / num_xcds * num_xcds)
             ? pid
             : (pid % num_xcds) * (num_pids / num_xcds) + pid / num_xcds;
}

#undef WAVECHECK_XCD_REMAP_FN

#endif // WAVECHECK_XCD_REMAP_H
