# Salt's tests/pytests/functional/states/test_module.py (issues 58763, 62988): module.run
# and module.wait of test.random_hash, legacy and new syntax. size 0 makes the hash fixed.
run_old:
  module.run:
    - name: test.random_hash
    - size: 0
    - hash_type: sha256

run_new:
  module.run:
    - test.random_hash:
      - size: 0
      - hash_type: md5

default_hash_type:
  module.run:
    - test.random_hash:
      - size: 0

test_foo:
  test.succeed_with_changes:
    - watch_in:
      - module: run_wait

run_wait:
  module.wait:
    - test.random_hash:
      - size: 0
      - hash_type: sha1

bad_hash_type:
  module.run:
    - test.random_hash:
      - size: 0
      - hash_type: nohash
