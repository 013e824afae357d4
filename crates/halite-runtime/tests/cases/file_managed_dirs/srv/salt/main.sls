{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
deep_mode:
  file.managed:
    - name: {{ s }}/a/b/file
    - contents: x
    - makedirs: True
    - mode: 640
deep_dirmode:
  file.managed:
    - name: {{ s }}/c/d/file
    - contents: y
    - makedirs: True
    - dir_mode: 700
check_dirs:
  cmd.run:
    - name: stat -c '%a %n' {{ s }}/a {{ s }}/a/b {{ s }}/c {{ s }}/c/d {{ s }}/a/b/file | sed "s|{{ s }}||"
