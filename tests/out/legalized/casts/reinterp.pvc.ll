define dllexport void @reinterp(i32 %arg0, i32 %arg1, i32 %arg2, i32 %arg3) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = bitcast <16 x float> %v2 to <16 x i32>
  %v4 = and <16 x i32> %v3, <i32 2147483647, i32 2147483647, i32 2147483647, i32 2147483647, i32 2147483647, i32 2147483647, i32 2147483647, i32 2147483647, i32 2147483647, i32 2147483647, i32 2147483647, i32 2147483647, i32 2147483647, i32 2147483647, i32 2147483647, i32 2147483647>
  %v5 = bitcast <16 x i32> %v4 to <16 x float>
  call void @llvm.genx.oword.st.v16f32(i32 %arg2, i32 %v1, <16 x float> %v5)
  %v7 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg1, i32 %v0)
  %v8 = bitcast <8 x i32> %v7 to <16 x i16>
  %v9 = shl <16 x i16> %v8, <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>
  %v10 = shl i32 %v0, 1
  call void @llvm.genx.oword.st.v16i16(i32 %arg3, i32 %v10, <16 x i16> %v9)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare void @llvm.genx.oword.st.v16i16(i32, i32, <16 x i16>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32, i32)* @reinterp, !"reinterp", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2, i32 2}
!2 = !{i32 128, i32 132, i32 136, i32 140}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t read_only", !"buffer_t write_only", !"buffer_t write_only"}
