# The template's sls is the path as given: Salt 3007.8 derives slspath from it, Salt 3008.4
# ("not an SLS file being processed") defines only tplpath, tplfile and tpldir.
vars:
  test.configurable_test_state:
    - changes: False
    - comment: "sls={{ sls }} tplfile={{ tplfile }} tpldir={{ tpldir }} tplpath={{ tplpath }} saltenv={{ saltenv }}"
