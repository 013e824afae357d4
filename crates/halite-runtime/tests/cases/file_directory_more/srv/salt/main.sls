{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
setup:
  cmd.run:
    - name: ln -s /etc {{ s }}/link_to_dir
mk_mode:
  file.directory:
    - name: {{ s }}/deep/er/dir
    - makedirs: True
    - mode: 750
trailing_slash:
  file.directory:
    - name: {{ s }}/slash/
on_symlink:
  file.directory:
    - name: {{ s }}/link_to_dir
on_symlink_nofollow:
  file.directory:
    - name: {{ s }}/link_to_dir
    - allow_symlink: False
relative:
  file.directory:
    - name: rel/dir
show_modes:
  cmd.run:
    - name: stat -c '%a' {{ s }}/deep {{ s }}/deep/er {{ s }}/deep/er/dir
