define dllexport void @layout(float %arg0, <4 x i32> %arg1, i32 %arg2, i32 %arg3, i64 %arg4, <3 x i32> %arg5, <3 x i16> %arg6, <3 x i32> %arg7) {
bb0:
  ret void
}


!genx.kernels = !{!0}
!0 = !{void (float, <4 x i32>, i32, i32, i64, <3 x i32>, <3 x i16>, <3 x i32>)* @layout, !"layout", !1, i32 4096, !2, !3, !4, i32 2}
!1 = !{i32 0, i32 0, i32 2, i32 1, i32 0, i32 8, i32 24, i32 16}
!2 = !{i32 152, i32 156, i32 172, i32 176, i32 184, i32 128, i32 64, i32 140}
!3 = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
!4 = !{!"", !"", !"image2d_t read_only", !"sampler_t", !"svmptr_t", !"", !"", !""}
