import { registerLocale } from '../../lib/i18n';

registerLocale('auth', {
  es: {
    login: {
      title: 'Bienvenido a',
      subtitle: 'Inicia sesión para crear y publicar tus sitios web con IA.',
      google: 'Continuar con Google',
      github: 'Continuar con GitHub',
      legal:
        'Al continuar aceptas nuestros <terms>Términos de servicio</terms> y nuestra <privacy>Política de privacidad</privacy>.',
      terms: 'Términos de servicio',
      privacy: 'Política de privacidad',
      back: 'Volver al inicio',
      validating: 'Validando tu inicio de sesión...',
      codeError: 'Error al validar el código de autenticación',
      urlsError: 'Error al obtener URLs de inicio de sesión',
      retry: 'Intentar de nuevo',
      redirecting: 'Redirigiendo...',
    },
    callback: {
      processing: 'Procesando inicio de sesión con {{provider}}...',
      wait: 'Por favor espera mientras verificamos tu información...',
      success: '¡Autenticación exitosa!',
      redirecting: 'Redirigiendo a tu dashboard...',
      errorTitle: 'Error en la autenticación',
      missingParams: 'Parámetros de autenticación faltantes',
      connection: 'Error de conexión durante la autenticación',
      retry: 'Intentar de nuevo',
      home: 'Volver al inicio',
      reasons: {
        state_invalid:
          'La solicitud de inicio de sesión no es válida o no se inició en este navegador. Vuelve a intentarlo desde la página de inicio de sesión.',
        state_expired: 'La solicitud de inicio de sesión ha caducado. Vuelve a intentarlo.',
        exchange_failed: 'No pudimos completar el inicio de sesión con el proveedor. Inténtalo de nuevo en unos minutos.',
        email_unverified:
          'Tu cuenta del proveedor no tiene un correo electrónico verificado. Verifica tu correo e inténtalo de nuevo.',
        provider_error: 'El proveedor rechazó o canceló el inicio de sesión.',
        unknown: 'Ocurrió un error durante el inicio de sesión.',
      },
    },
  },
  en: {
    login: {
      title: 'Welcome to',
      subtitle: 'Sign in to build and publish your websites with AI.',
      google: 'Continue with Google',
      github: 'Continue with GitHub',
      legal: 'By continuing you accept our <terms>Terms of service</terms> and our <privacy>Privacy policy</privacy>.',
      terms: 'Terms of service',
      privacy: 'Privacy policy',
      back: 'Back to home',
      validating: 'Validating your sign-in...',
      codeError: 'Could not validate the authentication code',
      urlsError: 'Could not get the sign-in addresses',
      retry: 'Try again',
      redirecting: 'Redirecting...',
    },
    callback: {
      processing: 'Processing sign-in with {{provider}}...',
      wait: 'Please wait while we verify your information...',
      success: 'Authentication successful!',
      redirecting: 'Redirecting to your dashboard...',
      errorTitle: 'Authentication error',
      missingParams: 'Missing authentication parameters',
      connection: 'Connection error during authentication',
      retry: 'Try again',
      home: 'Back to home',
      reasons: {
        state_invalid: 'The sign-in request is not valid or was not started in this browser. Please try again.',
        state_expired: 'The sign-in request expired. Please try again.',
        exchange_failed: 'We could not complete the sign-in with the provider. Try again in a few minutes.',
        email_unverified: 'Your provider account has no verified email address. Verify your email and try again.',
        provider_error: 'The provider rejected or cancelled the sign-in.',
        unknown: 'An error occurred during sign-in.',
      },
    },
  },
});
