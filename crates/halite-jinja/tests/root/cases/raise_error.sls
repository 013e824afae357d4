{{ raise('custom failure') }}
