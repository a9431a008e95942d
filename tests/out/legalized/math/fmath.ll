define dllexport void @fmath(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x float> @llvm.genx.inv.v16f32.v16f32(<16 x float> %v2)
  %v4 = call <16 x float> @llvm.genx.log.v16f32.v16f32(<16 x float> %v3)
  %v5 = call <16 x float> @llvm.genx.exp.v16f32.v16f32(<16 x float> %v4)
  %v6 = call <16 x float> @llvm.sqrt.v16f32(<16 x float> %v5)
  %v7 = call <16 x float> @llvm.genx.rsqrt.v16f32.v16f32(<16 x float> %v6)
  %v8 = call <16 x float> @llvm.genx.sin.v16f32.v16f32(<16 x float> %v7)
  %v9 = call <16 x float> @llvm.cos.v16f32(<16 x float> %v7)
  %v10 = call <16 x float> @llvm.genx.pow.v16f32.v16f32.v16f32(<16 x float> %v8, <16 x float> %v9)
  call void @llvm.genx.oword.st.v16f32(i32 %arg0, i32 %v1, <16 x float> %v10)
  ret void
}

declare <16 x float> @llvm.cos.v16f32(<16 x float>)
declare <16 x float> @llvm.genx.exp.v16f32.v16f32(<16 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.inv.v16f32.v16f32(<16 x float>)
declare <16 x float> @llvm.genx.log.v16f32.v16f32(<16 x float>)
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare <16 x float> @llvm.genx.pow.v16f32.v16f32.v16f32(<16 x float>, <16 x float>)
declare <16 x float> @llvm.genx.rsqrt.v16f32.v16f32(<16 x float>)
declare <16 x float> @llvm.genx.sin.v16f32.v16f32(<16 x float>)
declare <16 x float> @llvm.sqrt.v16f32(<16 x float>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @fmath, !"fmath", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
