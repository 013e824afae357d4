{{ salt['test.exception']('boom') }}
