# states Salt does again on every run
{%- set fstab = '/etc/halitetestmt-fstab' %}
# mountinfo says mode=755, the state mode=0755: a remount each time
mode-octal:
  mount.mounted:
    - name: /mnt/halitetestmt-mode
    - device: tmpfs
    - fstype: tmpfs
    - opts: mode=0755
    - persist: False
# two states on one mount point: the second finds the first's options in the mount cache
# (CACHEDIR/mounts) and remounts
cache-first:
  mount.mounted:
    - name: /mnt/halitetestmt-churn
    - device: tmpfs
    - fstype: tmpfs
    - opts: noexec
    - config: {{ fstab }}
cache-second:
  mount.mounted:
    - name: /mnt/halitetestmt-churn
    - device: tmpfs
    - fstype: tmpfs
    - opts: defaults
    - config: {{ fstab }}
