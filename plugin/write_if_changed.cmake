# write_if_changed(PATH CONTENT): writes CONTENT to PATH unless PATH already holds it, so that
# an unchanged generated file does not rebuild its users. For the build-time scripts here.
function(write_if_changed path content)
  if(EXISTS "${path}")
    file(READ "${path}" old)
  endif()
  if(NOT old STREQUAL content)
    file(WRITE "${path}" "${content}")
  endif()
endfunction()
