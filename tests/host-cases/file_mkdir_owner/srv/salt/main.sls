{# file.mkdir with user/group/mode (salt/modules/file.py mkdir -> makedirs_perms: each
   missing folder made and chowned/chmodded), and mount.mounted's mkmnt with user on a
   missing mount point it does not mount (mount: False, persist: False). Root only: the
   folders are given to nobody/nogroup. #}
{% set d = salt['environ.get']('HALITE_SCRATCH') %}
mkdir_owned:
  module.run:
    - file.mkdir:
      - dir_path: {{ d }}/owned/a/b
      - user: nobody
      - group: nogroup
      - mode: 750
mkdir_owned_again:
  module.run:
    - file.mkdir:
      - dir_path: {{ d }}/owned/a/b
      - user: root
      - mode: 700
mkdir_user_only:
  module.run:
    - file.mkdir:
      - dir_path: {{ d }}/useronly
      - user: nobody
mkdir_group_only:
  module.run:
    - file.mkdir:
      - dir_path: {{ d }}/grouponly/x
      - group: nogroup
      - mode: '0700'
mkdir_no_such_user:
  module.run:
    - file.mkdir:
      - dir_path: {{ d }}/nouser
      - user: halitetestse-nobody
mkdir_no_such_group:
  module.run:
    - file.mkdir:
      - dir_path: {{ d }}/nogroup
      - group: halitetestse-nogroup
mnt_point:
  mount.mounted:
    - name: {{ d }}/mnt/point
    - device: tmpfs
    - fstype: tmpfs
    - mkmnt: True
    - mount: False
    - persist: False
    - user: nobody
show:
  cmd.run:
    - name: cd {{ d }} && find owned useronly grouponly nouser nogroup mnt -printf '%p %u %g %m\n' | sort
