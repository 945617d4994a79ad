/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm code. Covers hipDataType (the element type tags of the
 * hipBLAS(Lt)/rocBLAS style APIs), including the OCP FP8 tags (28, 29) and the
 * FNUZ FP8 tags (1000, 1001). Numbers are the publicly documented ones
 * (mirroring cudaDataType); old headers differed, so never rely on them.
 * Source: HIP public documentation (ROCm 6.x/7.x). */
#ifndef WAVECHECK_STANDIN_HIP_LIBRARY_TYPES_H
#define WAVECHECK_STANDIN_HIP_LIBRARY_TYPES_H

typedef enum hipDataType {
  HIP_R_32F = 0,
  HIP_R_64F = 1,
  HIP_R_16F = 2,
  HIP_R_8I = 3,
  HIP_C_32F = 4,
  HIP_C_64F = 5,
  HIP_C_16F = 6,
  HIP_C_8I = 7,
  HIP_R_8U = 8,
  HIP_C_8U = 9,
  HIP_R_32I = 10,
  HIP_C_32I = 11,
  HIP_R_32U = 12,
  HIP_C_32U = 13,
  HIP_R_16BF = 14,
  HIP_C_16BF = 15,
  HIP_R_16I = 20,
  HIP_R_16U = 22,
  HIP_R_64I = 24,
  HIP_R_64U = 26,
  HIP_R_8F_E4M3 = 28,        /* OCP e4m3 ("fn") */
  HIP_R_8F_E5M2 = 29,        /* OCP e5m2 */
  HIP_R_8F_E4M3_FNUZ = 1000, /* FNUZ e4m3 (MI300 hardware format) */
  HIP_R_8F_E5M2_FNUZ = 1001  /* FNUZ e5m2 (MI300 hardware format) */
} hipDataType;

#endif
