# wavesan_add_kernel_test(): build a user's HIP kernel test for wavesan's backends and
# register it with CTest. Shipped in the wavesan config package (included by
# wavesanConfig.cmake) and used in wavesan's own build tree. docs/wavesan-integration.md.
#
#   wavesan_add_kernel_test(NAME <name> SOURCES <file>... [LIBRARIES <lib>...] [GTEST]
#                           [BACKENDS cpu|hip...] [ARGS <arg>...])
#
# - cpu backend (the CPU SIMT emulator, 64-lane wavefronts): executable <name>, test
#   <name>.cpu. Sources (.hip, .cu, .cpp, .cc, .cxx) are compiled as C++20 by the host C++
#   compiler with the emulator's headers (<hip/hip_runtime.h>) and linked with
#   wavesan::wavesan, as wavesan-cc does. Launch with hipLaunchKernelGGL (no <<<...>>>).
# - hip backend (a real AMD GPU): executable <name>-hip, test <name>.hip, compiled as HIP
#   for gfx942 with ROCm's clang and linked with hip::host (and wavesan::wavesan-diff /
#   wavesan::wavesan-reference when installed). Built only when the HIP language is enabled and
#   ROCm's gfx942 device library (oclc_isa_version_942.bc) is found; find_package(wavesan)
#   enables HIP itself in that case unless WAVESAN_KERNEL_TEST_HIP is OFF.
# - BACKENDS defaults to "cpu hip", where hip is skipped with a status message when not
#   available; naming hip explicitly makes its absence a configure error.
# - GoogleTest: with GTEST, or when a source includes <gtest/gtest.h> or <wavesan/gtest.h>,
#   the test links GTest::gtest_main (find_package(GTest) is called if needed). A main()
#   of your own in the sources takes precedence over gtest_main's.
# - LIBRARIES are linked to every backend's executable; ARGS are the test's command line.
# - Each executable sees WAVESAN_KERNEL_TEST_BACKEND defined to "cpu" or "hip".
include_guard(GLOBAL)

set(WAVESAN_KERNEL_TEST_HIP AUTO CACHE STRING
    "wavesan_add_kernel_test hip backend: AUTO (when ROCm for gfx942 is found), ON, OFF")
set_property(CACHE WAVESAN_KERNEL_TEST_HIP PROPERTY STRINGS AUTO ON OFF)

# Source extensions a kernel test may have (those wavesan-cc compiles as C++20).
set(_WAVESAN_KERNEL_TEST_EXTENSIONS .hip .cu .cpp .cc .cxx)

# _wavesan_find_gfx942_device_lib(): WAVESAN_GFX942_DEVICE_LIB (cache) = ROCm's
# oclc_isa_version_942.bc, the device library a gfx942 code object links, or NOTFOUND.
# Debian 12's HIP 5.2 packages lack it, so there the hip backend is off.
function(_wavesan_find_gfx942_device_lib)
  set(_roots)
  if(DEFINED ENV{ROCM_PATH})
    list(APPEND _roots "$ENV{ROCM_PATH}")
  endif()
  if(CMAKE_HIP_COMPILER_ROCM_ROOT)
    list(APPEND _roots "${CMAKE_HIP_COMPILER_ROCM_ROOT}")
  endif()
  list(APPEND _roots /opt/rocm)
  find_file(WAVESAN_GFX942_DEVICE_LIB oclc_isa_version_942.bc PATHS ${_roots}
            PATH_SUFFIXES amdgcn/bitcode lib/amdgcn/bitcode NO_DEFAULT_PATH
            DOC "ROCm device library for gfx942 (wavesan_add_kernel_test hip backend)")
endfunction()

# _wavesan_enable_hip_backend(): a macro, so that enable_language(HIP) runs at the caller's
# directory scope (find_package(wavesan) at file scope). Enables HIP when AUTO/ON and
# ROCm's gfx942 device library and a HIP compiler are found.
macro(_wavesan_enable_hip_backend)
  get_property(_wavesan_langs GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT WAVESAN_KERNEL_TEST_HIP STREQUAL "OFF" AND NOT "HIP" IN_LIST _wavesan_langs)
    _wavesan_find_gfx942_device_lib()
    if(WAVESAN_GFX942_DEVICE_LIB)
      include(CheckLanguage)
      check_language(HIP)
      if(CMAKE_HIP_COMPILER)
        enable_language(HIP)
      endif()
    endif()
  endif()
  unset(_wavesan_langs)
endmacro()

# _wavesan_hip_backend_status(<ok-var> <why-var>)
function(_wavesan_hip_backend_status ok why)
  set(${ok} FALSE PARENT_SCOPE)
  if(WAVESAN_KERNEL_TEST_HIP STREQUAL "OFF")
    set(${why} "WAVESAN_KERNEL_TEST_HIP is OFF" PARENT_SCOPE)
    return()
  endif()
  get_property(_langs GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT "HIP" IN_LIST _langs)
    set(${why} "the HIP language is not enabled: the hip backend needs a ROCm install with gfx942 device libraries (Debian's HIP packages have none); find_package(wavesan) enables HIP when it finds them" PARENT_SCOPE)
    return()
  endif()
  _wavesan_find_gfx942_device_lib()
  if(NOT WAVESAN_GFX942_DEVICE_LIB)
    set(${why} "no ROCm gfx942 device library (oclc_isa_version_942.bc) under ROCM_PATH or /opt/rocm" PARENT_SCOPE)
    return()
  endif()
  set(${ok} TRUE PARENT_SCOPE)
endfunction()

function(wavesan_add_kernel_test)
  cmake_parse_arguments(PARSE_ARGV 0 _w "GTEST" "NAME" "SOURCES;LIBRARIES;BACKENDS;ARGS")
  set(_fn "wavesan_add_kernel_test")
  if(_w_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${_fn}: unexpected argument(s) '${_w_UNPARSED_ARGUMENTS}'; expected "
            "NAME <name> SOURCES <file>... [LIBRARIES <lib>...] [GTEST] [BACKENDS cpu|hip...] [ARGS <arg>...]")
  endif()
  if(NOT _w_NAME)
    message(FATAL_ERROR "${_fn}: NAME <name> is required")
  endif()
  if(NOT _w_SOURCES)
    message(FATAL_ERROR "${_fn}(${_w_NAME}): SOURCES <file>... is required")
  endif()
  set(_hip_optional FALSE)
  if(NOT _w_BACKENDS)
    set(_w_BACKENDS cpu hip)
    set(_hip_optional TRUE)
  endif()
  foreach(_b IN LISTS _w_BACKENDS)
    if(NOT _b MATCHES "^(cpu|hip)$")
      message(FATAL_ERROR "${_fn}(${_w_NAME}): unknown backend '${_b}'; expected cpu or hip")
    endif()
  endforeach()

  set(_gtest ${_w_GTEST})
  set(_sources)
  foreach(_s IN LISTS _w_SOURCES)
    get_filename_component(_abs "${_s}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${_abs}")
      message(FATAL_ERROR "${_fn}(${_w_NAME}): source '${_s}' not found (looked at ${_abs})")
    endif()
    get_filename_component(_ext "${_abs}" LAST_EXT)
    string(TOLOWER "${_ext}" _ext)
    if(NOT _ext IN_LIST _WAVESAN_KERNEL_TEST_EXTENSIONS)
      message(FATAL_ERROR "${_fn}(${_w_NAME}): source '${_s}' has extension '${_ext}'; "
              "expected one of ${_WAVESAN_KERNEL_TEST_EXTENSIONS}")
    endif()
    if(NOT _gtest)
      file(STRINGS "${_abs}" _inc
           REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"](gtest/gtest|wavesan/gtest)\\.h[>\"]")
      if(_inc)
        set(_gtest TRUE)
      endif()
    endif()
    list(APPEND _sources "${_abs}")
  endforeach()
  set(_gtest_lib)
  if(_gtest)
    if(NOT TARGET GTest::gtest_main)
      find_package(GTest REQUIRED)
    endif()
    set(_gtest_lib GTest::gtest_main)
  endif()

  if("cpu" IN_LIST _w_BACKENDS)
    # As wavesan-cc: C++20 with the emulator's include directory (wavesan::wavesan-emu's).
    set_source_files_properties(${_sources} PROPERTIES LANGUAGE CXX)
    add_executable(${_w_NAME} ${_sources})
    target_compile_features(${_w_NAME} PRIVATE cxx_std_20)
    target_compile_definitions(${_w_NAME} PRIVATE WAVESAN_KERNEL_TEST_BACKEND="cpu")
    target_link_libraries(${_w_NAME} PRIVATE wavesan::wavesan ${_w_LIBRARIES} ${_gtest_lib})
    add_test(NAME ${_w_NAME}.cpu COMMAND ${_w_NAME} ${_w_ARGS})
    set_tests_properties(${_w_NAME}.cpu PROPERTIES LABELS "wavesan;wavesan-cpu")
  endif()

  if("hip" IN_LIST _w_BACKENDS)
    _wavesan_hip_backend_status(_hip_ok _hip_why)
    if(NOT _hip_ok)
      if(NOT _hip_optional)
        message(FATAL_ERROR "${_fn}(${_w_NAME}): BACKENDS hip requested, but ${_hip_why}")
      endif()
      get_property(_told GLOBAL PROPERTY _WAVESAN_HIP_BACKEND_TOLD)
      if(NOT _told)
        message(STATUS "wavesan: kernel tests get the cpu backend only: ${_hip_why}")
        set_property(GLOBAL PROPERTY _WAVESAN_HIP_BACKEND_TOLD TRUE)
      endif()
    else()
      # The same sources as HIP: one generated wrapper per source (a source file has one
      # LANGUAGE per directory, and the cpu executable compiles it as CXX).
      set(_hip_sources)
      foreach(_abs IN LISTS _sources)
        get_filename_component(_base "${_abs}" NAME_WE)
        set(_wrapper "${CMAKE_CURRENT_BINARY_DIR}/wavesan-hip/${_w_NAME}/${_base}.hip")
        file(CONFIGURE OUTPUT "${_wrapper}" CONTENT "#include \"${_abs}\"\n")
        set_source_files_properties("${_wrapper}" PROPERTIES LANGUAGE HIP)
        list(APPEND _hip_sources "${_wrapper}")
      endforeach()
      if(NOT TARGET hip::host)
        find_package(hip CONFIG REQUIRED)
      endif()
      add_executable(${_w_NAME}-hip ${_hip_sources})
      set_target_properties(${_w_NAME}-hip PROPERTIES HIP_ARCHITECTURES gfx942)
      target_compile_definitions(${_w_NAME}-hip PRIVATE WAVESAN_KERNEL_TEST_BACKEND="hip")
      # ROCm's <hip/hip_runtime.h> before the emulator's (an -isystem directory of
      # wavesan::wavesan-diff's, which the diff's headers share).
      if(CMAKE_HIP_COMPILER_ROCM_ROOT)
        set(_rocm_root "${CMAKE_HIP_COMPILER_ROCM_ROOT}")
      else() # <root>/amdgcn/bitcode/oclc_isa_version_942.bc
        get_filename_component(_rocm_root "${WAVESAN_GFX942_DEVICE_LIB}/../../.." ABSOLUTE)
      endif()
      target_include_directories(${_w_NAME}-hip BEFORE PRIVATE "${_rocm_root}/include")
      set(_host_libs)
      foreach(_t wavesan::wavesan-diff wavesan::wavesan-reference)
        if(TARGET ${_t})
          list(APPEND _host_libs ${_t})
        endif()
      endforeach()
      target_link_libraries(${_w_NAME}-hip PRIVATE hip::host ${_host_libs} ${_w_LIBRARIES}
                            ${_gtest_lib})
      add_test(NAME ${_w_NAME}.hip COMMAND ${_w_NAME}-hip ${_w_ARGS})
      set_tests_properties(${_w_NAME}.hip PROPERTIES LABELS "wavesan;wavesan-hip")
    endif()
  endif()
endfunction()
