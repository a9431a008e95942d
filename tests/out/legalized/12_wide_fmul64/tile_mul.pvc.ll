define dllexport void @tile_mul(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 4
  %v2 = add i32 %v1, 8
  %v3 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v1)
  %v4 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v2)
  %v5 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg1, i32 %v1)
  %v6 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg1, i32 %v2)
  %v18 = fmul <32 x float> %v3, %v5
  %v22 = fmul <32 x float> %v4, %v6
  call void @llvm.genx.oword.st.v32f32(i32 %arg2, i32 %v1, <32 x float> %v18)
  call void @llvm.genx.oword.st.v32f32(i32 %arg2, i32 %v2, <32 x float> %v22)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @tile_mul, !"tile_mul", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2}
!2 = !{i32 128, i32 132, i32 136}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t read_only", !"buffer_t write_only"}
