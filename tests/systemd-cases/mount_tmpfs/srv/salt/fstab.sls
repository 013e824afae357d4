{%- set fstab = '/etc/halitetestmt-fstab' %}
present-no-mount:
  mount.fstab_present:
    - name: tmpfs
    - fs_file: /mnt/halitetestmt-fp/
    - fs_vfstype: tmpfs
    - fs_mntops: size=1m
    - fs_freq: 1
    - mount: False
    - config: {{ fstab }}
# a new entry is mounted with `mount FS_FILE`, which reads /etc/fstab, not config
present-scratch-mount:
  mount.fstab_present:
    - name: tmpfs
    - fs_file: /mnt/halitetestmt-fpm
    - fs_vfstype: tmpfs
    - config: {{ fstab }}
# /etc/fstab inside the test systemd is the overlay's copy: mounted for real
present-etc-fstab:
  mount.fstab_present:
    - name: halitetestmt-fe
    - fs_file: /mnt/halitetestmt-fe
    - fs_vfstype: tmpfs
    - fs_mntops: size=1m
present-changed:
  mount.fstab_present:
    - name: tmpfs
    - fs_file: /mnt/halitetestmt-same
    - fs_vfstype: tmpfs
    - fs_mntops: mode=700
    - config: {{ fstab }}
    - require:
      - mount: absent-listed
by-uuid:
  mount.fstab_present:
    - name: /dev/halitetestmt-none
    - fs_file: /mnt/halitetestmt-uuid
    - fs_vfstype: ext4
    - mount_by: uuid
    - config: {{ fstab }}
absent-listed:
  mount.fstab_absent:
    - name: tmpfs
    - fs_file: /mnt/halitetestmt-sized
    - config: {{ fstab }}
absent-missing:
  mount.fstab_absent:
    - name: tmpfs
    - fs_file: /mnt/halitetestmt-nothing
    - config: {{ fstab }}
