# Test sources are listed in their CMakeLists.txt, not globbed. So that a new test file is never
# silently left out of its executable (a test that never runs cannot fail), configuring stops
# when a file matching `pattern` in `dir` is not among the names after it (relative to `dir`).
include_guard(GLOBAL)

function(firefox_bidi_require_listed dir pattern)
  file(GLOB present CONFIGURE_DEPENDS RELATIVE ${dir} ${dir}/${pattern})
  set(missing "")
  foreach(file ${present})
    if(NOT file IN_LIST ARGN)
      list(APPEND missing ${file})
    endif()
  endforeach()
  if(missing)
    file(RELATIVE_PATH where ${PROJECT_SOURCE_DIR} ${dir})
    list(JOIN missing ", " missing)
    message(FATAL_ERROR "${where}: ${missing} not listed in ${where}/CMakeLists.txt; "
                        "add it to the sources there")
  endif()
endfunction()
