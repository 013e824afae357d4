{{ salt['no.such']('x') }}
