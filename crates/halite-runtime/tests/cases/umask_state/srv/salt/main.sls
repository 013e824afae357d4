{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
with_umask:
  cmd.run:
    - name: umask
    - umask: '077'
bad_umask:
  test.nop:
    - umask: 'xyz'
